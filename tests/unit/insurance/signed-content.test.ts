// What an insurance signature binds to (issue 27 item 6): exactly the tier, the fee, the due
// date, the assurances, the terms' version and the application's id; any change to one of
// them is another hash, a change of contact details is not, and an incomplete application
// has no content to sign.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IncompleteInsuranceError, insuranceTerms, nonceCommitsTo, signatureNonce, signedContent, signedContentHash, type InsuranceTerms } from '../../../src/flows/insurance/signed-content.ts';

const data = { paymentTier: 300, monthlyPayment: 15.9, appliedDueDate: 15, assureAge: true, hasWorked: true, assureInformation: true, email: 'maija@example.fi', phone: '0401234567' };
const terms = (change: Partial<InsuranceTerms> = {}): InsuranceTerms => ({ ...insuranceTerms(7, data, 'maksuturva-2026-11'), ...change });

describe('the signed content of an insurance application', () => {
  it('is a fixed text of the terms, hashed with SHA-256', () => {
    expect(signedContent(terms())).toBe(
      [
        'lainavertailu-maksuturva-v1',
        'insuranceApplicationId=7',
        'paymentTier=300',
        'monthlyPaymentCents=1590',
        'appliedDueDate=15',
        'assureAge=true',
        'hasWorked=true',
        'assureInformation=true',
        'termsVersion=maksuturva-2026-11',
      ].join('\n'),
    );
    expect(signedContentHash(terms()).equals(createHash('sha256').update(signedContent(terms())).digest())).toBe(true);
    expect(signedContentHash(terms())).toHaveLength(32);
  });

  it('changes with every term and with nothing else', () => {
    const base = signedContentHash(terms()).toString('hex');
    const changes: Array<Partial<InsuranceTerms>> = [{ insuranceApplicationId: 8 }, { paymentTier: 400 }, { monthlyPayment: 15.91 }, { appliedDueDate: 28 }, { termsVersion: 'maksuturva-2027-01' }];
    const hashes = changes.map((change) => signedContentHash(terms(change)).toString('hex'));
    expect(new Set([base, ...hashes]).size).toBe(changes.length + 1);
    expect(signedContentHash(insuranceTerms(7, { ...data, email: 'toinen@example.fi', phone: '0501234567' }, 'maksuturva-2026-11')).toString('hex')).toBe(base);
    // Floating-point noise in the fee is the same cent amount.
    expect(signedContentHash(terms({ monthlyPayment: 0.1 + 15.8 })).toString('hex')).toBe(base);
  });

  it('refuses an application that is not complete: an assurance not given, a fee missing, a broken version', () => {
    for (const change of [{ assureAge: false }, { hasWorked: undefined as unknown as boolean }, { monthlyPayment: Number.NaN }, { monthlyPayment: 0 }, { paymentTier: 250.5 }, { appliedDueDate: 32 }, { termsVersion: '' }, { termsVersion: 'a\nassureAge=true' }, { insuranceApplicationId: 0 }])
      expect(() => signedContent(terms(change)), JSON.stringify(change)).toThrow(IncompleteInsuranceError);
  });
});

describe('the nonce of a signature', () => {
  const hash = signedContentHash(terms());
  const salt = Buffer.alloc(16, 7);

  it('is base64url SHA-256 of a tag, the content hash and the salt: recomputable, and another for any other content or salt', () => {
    const nonce = signatureNonce(hash, salt);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).toBe(createHash('sha256').update('lainavertailu-maksuturva-signature-nonce-v1\0').update(hash).update(salt).digest('base64url'));
    expect(nonceCommitsTo(nonce, hash, salt)).toBe(true);
    expect(nonceCommitsTo(nonce, signedContentHash(terms({ paymentTier: 400 })), salt)).toBe(false);
    expect(nonceCommitsTo(nonce, hash, Buffer.alloc(16, 8))).toBe(false);
    expect(nonceCommitsTo(undefined, hash, salt)).toBe(false);
    expect(nonceCommitsTo(`${nonce}x`, hash, salt)).toBe(false);
  });

  it('refuses a hash or salt of the wrong length', () => {
    expect(() => signatureNonce(hash.subarray(0, 31), salt)).toThrow();
    expect(() => signatureNonce(hash, Buffer.alloc(8))).toThrow();
  });
});
