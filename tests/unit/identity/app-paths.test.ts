// The identification pages' paths: without an id and token they still open, to say
// 'Hakemuksen tiedot puuttuvat' (spec §7), instead of "not found".
import { describe, expect, it } from 'vitest';
import { partyFrom } from '../../../src/app/identification/api.ts';
import { parseApplicationPath } from '../../../src/app/routes.ts';

describe('identification paths', () => {
  it('opens the authentication and finishing pages without credentials', () => {
    expect(parseApplicationPath('authentication')).toEqual({ kind: 'authentication', id: '', token: '' });
    expect(parseApplicationPath('status/')).toEqual({ kind: 'status', id: '', token: '' });
    expect(parseApplicationPath('status/12')).toEqual({ kind: 'status', id: '', token: '' });
    expect(parseApplicationPath('authentication/12/x/y')).toEqual({ kind: 'notFound' });
  });

  it('reads the identifying party from the query, primary by default', () => {
    expect(partyFrom('')).toBe('PRIMARY');
    expect(partyFrom('?party=CO_APPLICANT')).toBe('CO_APPLICANT');
    expect(partyFrom('?party=anything')).toBe('PRIMARY');
  });
});
