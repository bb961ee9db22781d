// The pure parts of identification: the method list, who must identify, and the
// small cryptographic helpers.
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_METHODS, findMethod, methodList, parseMethods } from '../../../src/server/identity/methods.ts';
import { isParty, missingParties, personalIdOf, requiredParties } from '../../../src/server/identity/parties.ts';
import { hashPersonalId, personalIdMatchesHash, samePersonalId, seal, sealingKey, unseal } from '../../../src/server/identity/secrets.ts';
import { renderTestBank, TEST_PEOPLE } from '../../../src/server/identity/test-bank-page.ts';
import { parsePersonalId } from '../../../custom-validators/personal-id.ts';

describe('identification methods', () => {
  it('parses identifier|Name|brokerValue lists, the broker value defaulting to the identifier', () => {
    expect(parseMethods('op|OP|urn:grn:authn:fi:bank:op, mobiilivarmenne|Mobiilivarmenne')).toEqual([
      { identifier: 'op', name: 'OP', brokerValue: 'urn:grn:authn:fi:bank:op' },
      { identifier: 'mobiilivarmenne', name: 'Mobiilivarmenne', brokerValue: 'mobiilivarmenne' },
    ]);
  });

  it('says what is wrong with a bad list', () => {
    expect(parseMethods('')).toMatch(/at least one/);
    expect(parseMethods('OP|OP')).toMatch(/not an identifier/);
    expect(parseMethods('op')).toMatch(/needs a name/);
    expect(parseMethods('op|OP,op|OP2')).toMatch(/twice/);
    expect(parseMethods('../x|X')).toMatch(/not an identifier/);
  });

  it('answers get-methods with identifier, image and name, in the configured order', () => {
    const { methods } = methodList(DEVELOPMENT_METHODS);
    expect(methods[0]).toEqual({ identifier: 'op', image: '/images/identification/op.svg', name: 'OP' });
    expect(methods.map((method) => method.identifier)).toEqual(DEVELOPMENT_METHODS.map((method) => method.identifier));
    expect(findMethod(DEVELOPMENT_METHODS, 'nordea')?.name).toBe('Nordea');
    expect(findMethod(DEVELOPMENT_METHODS, 'NORDEA')).toBeUndefined();
  });
});

describe('parties', () => {
  const primary = '131052-308T';
  const co = '010180-9015';

  it('needs the primary applicant always and the co-applicant only when there is one', () => {
    expect(requiredParties({ primaryApplicantPersonalIdentificationNumber: primary })).toEqual(['PRIMARY']);
    expect(requiredParties({ hasCoApplicant: true, primaryApplicantPersonalIdentificationNumber: primary, coApplicantPersonalIdentificationNumber: co })).toEqual([
      'PRIMARY',
      'CO_APPLICANT',
    ]);
    // A co-applicant's code left over after hasCoApplicant was turned off does not count.
    expect(requiredParties({ hasCoApplicant: false, primaryApplicantPersonalIdentificationNumber: primary, coApplicantPersonalIdentificationNumber: co })).toEqual(['PRIMARY']);
  });

  it('lists the missing ones in order, primary first', () => {
    const data = { hasCoApplicant: true, primaryApplicantPersonalIdentificationNumber: primary.toLowerCase(), coApplicantPersonalIdentificationNumber: co };
    const both = requiredParties(data);
    expect(missingParties(data, both, () => false)).toEqual(['PRIMARY', 'CO_APPLICANT']);
    expect(missingParties(data, both, (party) => party === 'PRIMARY')).toEqual(['CO_APPLICANT']);
    expect(missingParties(data, both, (_party, id) => id === primary)).toEqual(['CO_APPLICANT']);
    expect(missingParties(data, both, () => true)).toEqual([]);
    expect(personalIdOf(data, 'PRIMARY')).toBe(primary);
    expect(missingParties({}, requiredParties({}), () => true)).toEqual(['PRIMARY']);
    // A flow that needs only the primary applicant (the mortgage) asks nothing of the co-applicant.
    expect(missingParties(data, ['PRIMARY'], (party) => party === 'PRIMARY')).toEqual([]);
  });

  it('knows its party names exactly', () => {
    expect(isParty('PRIMARY')).toBe(true);
    expect(isParty('CO_APPLICANT')).toBe(true);
    expect(isParty('primary')).toBe(false);
    expect(isParty(['PRIMARY'])).toBe(false);
  });
});

describe('secrets', () => {
  it('seals a token so only the same key opens it, and refuses a tampered box', () => {
    const key = sealingKey('a client secret of some length');
    const box = seal(key, 'token-value');
    expect(unseal(key, box)).toBe('token-value');
    expect(unseal(sealingKey('another client secret, long too'), box)).toBeUndefined();
    const tampered = Buffer.from(box);
    tampered[tampered.length - 1] ^= 1;
    expect(unseal(key, tampered)).toBeUndefined();
    expect(unseal(key, Buffer.alloc(5))).toBeUndefined();
  });

  it('hashes identity codes with a salt and compares them case-blind', () => {
    const a = hashPersonalId('131052-308T');
    const b = hashPersonalId('131052-308T');
    expect(a.hash.equals(b.hash)).toBe(false);
    expect(personalIdMatchesHash('131052-308t', a.salt, a.hash)).toBe(true);
    expect(personalIdMatchesHash('010180-9015', a.salt, a.hash)).toBe(false);
    expect(samePersonalId('131052-308t', '131052-308T')).toBe(true);
    expect(samePersonalId('131052-308T', '131052-308')).toBe(false);
  });
});

describe('the test bank page', () => {
  it('offers valid test people, has no script and escapes what it shows', () => {
    for (const person of TEST_PEOPLE) expect(parsePersonalId(person.personalId), person.personalId).not.toBeNull();
    const html = renderTestBank({ action: '/dev-idp/interaction/x', bankName: '<b>Pankki</b>', error: 'Virhe', typed: '"><script>' });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;b&gt;Pankki&lt;/b&gt;');
    expect(html).toContain('role="alert"');
    expect(html).toContain('lang="fi"');
  });

  it('shows what a signature is for, escaped, names the signer and says sign instead of identify', () => {
    const html = renderTestBank({
      action: '/dev-idp/interaction/x',
      bankName: 'OP',
      applicant: TEST_PEOPLE[0].personalId,
      signing: { title: 'Hakemus <1>', signerLabel: 'Vakuutettu', rows: [{ label: 'Taso', value: '300 € <b>' }] },
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('testiallekirjoitus');
    expect(html).toContain('Hakemus &lt;1&gt;');
    expect(html).toContain('<dt>Taso</dt><dd>300 € &lt;b&gt;</dd>');
    expect(html).toContain(`Vakuutettu (${TEST_PEOPLE[0].personalId})`);
    expect(html).toContain('>Allekirjoita<');
    expect(html).not.toContain('>Tunnistaudu<');
  });
});
