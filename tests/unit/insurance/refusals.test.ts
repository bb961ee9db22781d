// A refused insurance write is a clear 4xx with a Finnish message from the server's catalogue
// (issue 27): never a 500, another person's id the same 404 as an unknown one.
import { describe, expect, it } from 'vitest';
import { notEligible, signRefusal, updateRefusal } from '../../../src/flows/insurance/refusals.ts';

describe('insurance refusals', () => {
  it('lets a write that happened through', () => {
    expect(updateRefusal('updated')).toBeNull();
    expect(signRefusal('signed')).toBeNull();
  });

  it('answers every refused update and signature with a 4xx and a Finnish message', () => {
    const shown = (error: ReturnType<typeof signRefusal>) => [error!.statusCode, error!.body()];
    expect(shown(updateRefusal('notFound'))).toEqual([404, { type: 'NOT_FOUND', message: 'Vakuutushakemusta ei löytynyt.' }]);
    expect(shown(updateRefusal('signed'))).toEqual([409, { type: 'INSURANCE_SIGNED', message: 'Vakuutushakemus on jo allekirjoitettu, eikä sitä voi enää muuttaa.' }]);
    expect(shown(signRefusal('notFound'))).toEqual(shown(updateRefusal('notFound')));
    expect(shown(signRefusal('alreadySigned'))).toEqual(shown(updateRefusal('signed')));
    expect(shown(signRefusal('wrongSigner'))).toEqual([403, { type: 'INSURANCE_WRONG_SIGNER', message: 'Vakuutushakemuksen voi allekirjoittaa vain vakuutettu itse.' }]);
    expect(shown(signRefusal('changed'))).toEqual([409, { type: 'INSURANCE_CHANGED', message: 'Vakuutushakemus on muuttunut allekirjoituksen aloittamisen jälkeen. Tarkista tiedot ja allekirjoita uudelleen.' }]);
  });

  it('tells a non-eligible customer to update their details, and only the log which criteria failed', () => {
    const error = notEligible(['age', 'work']);
    expect(error.statusCode).toBe(403);
    expect(error.body()).toEqual({ type: 'INSURANCE_NOT_ELIGIBLE', message: 'Tietojesi perusteella et voi hakea Maksuturvaa. Jos tietosi ovat muuttuneet, päivitä ne tekemällä uusi lainahakemus.' });
    expect(error.message).toBe('The person is not eligible for the insurance (age, work).');
  });
});
