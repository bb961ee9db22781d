// Eligibility for the payment-protection insurance (issue 27, spec §2): the service decides
// what it knows for sure (age from the identity code, employment and move-in from the latest
// identified application), leaves the rest to the person's assurances, and an assurance never
// overrides a known fact. Boundaries of every limit, each read from forms/insurance.json.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSURED_BY,
  CRITERIA,
  EMPLOYMENT,
  eligibilityLimits,
  factsFromApplication,
  insuranceEligibility,
  monthsSurelySince,
  type InsuranceFacts,
} from '../../../engine/core/insurance-eligibility.ts';
import { loadFormRuntime } from '../../../engine/core/node.ts';

const doc = loadFormRuntime('insurance').document;
const limits = eligibilityLimits(doc);
const TODAY = new Date(2026, 10, 27); // 27 November 2026, local time
/** A month `n` months before TODAY's month. */
const monthsBack = (n: number) => {
  const index = 2026 * 12 + 10 - n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const known = (change: Partial<InsuranceFacts> = {}): InsuranceFacts => ({
  age: 40,
  employment: { typeId: EMPLOYMENT.permanent, start: monthsBack(24) },
  moveIn: monthsBack(36),
  ...change,
});
const allAssured = { assureAge: true, hasWorked: true, assureInformation: true };

describe('insurance eligibility', () => {
  it('reads the spec’s limits from the document: age 20–63 (the age field’s own limits), 12 months of residence, 6 months of work', () => {
    expect(limits).toEqual({ minAge: 20, maxAge: 63, residenceMonths: 12, workMonths: 6 });
    expect(doc.schema.properties.age).toMatchObject({ minimum: 20, maximum: 63 });
  });

  it('gates on age 20–63 exactly, from the identity code', () => {
    const age = (value: number) => insuranceEligibility(known({ age: value }), limits, TODAY, allAssured);
    expect(age(19)).toMatchObject({ status: 'notEligible', reasons: ['age'] });
    expect(age(20).status).toBe('eligible');
    expect(age(63).status).toBe('eligible');
    expect(age(64)).toMatchObject({ status: 'notEligible', reasons: ['age'] });
    // The form's assurance says 18–63; the service knows the age and keeps its 20–63.
    expect(age(18).criteria.age).toBe('notMet');
    expect(insuranceEligibility(known({ age: null }), limits, TODAY, allAssured)).toMatchObject({ status: 'needsAssurance', assure: ['age'] });
  });

  it('counts only whole months surely passed: a start in a month counts from its last day', () => {
    expect(monthsSurelySince({ year: 2026, month: 11 }, TODAY)).toBe(-1);
    expect(monthsSurelySince({ year: 2026, month: 10 }, TODAY)).toBe(0);
    expect(monthsSurelySince({ year: 2026, month: 5 }, TODAY)).toBe(5);
    expect(monthsSurelySince({ year: 2025, month: 11 }, TODAY)).toBe(11);
    expect(monthsSurelySince({ year: 2025, month: 10 }, new Date(2026, 0, 1))).toBe(2);
  });

  it('knows 12 months of residence from a move-in 13 calendar months back; a later one the person assures', () => {
    const residence = (n: number) => insuranceEligibility(known({ moveIn: monthsBack(n) }), limits, TODAY).criteria.residence;
    expect(residence(13)).toBe('met');
    expect(residence(12)).toBe('assure');
    expect(residence(0)).toBe('assure');
    expect(residence(-3)).toBe('assure');
    expect(insuranceEligibility(known({ moveIn: null }), limits, TODAY).criteria.residence).toBe('assure');
    // A recent move is within Finland as often as not: never a refusal.
    expect(insuranceEligibility(known({ moveIn: monthsBack(1) }), limits, TODAY, allAssured).status).toBe('eligible');
  });

  it('knows 6 months of full-time work from a permanent, fixed-term or own job started 7 calendar months back', () => {
    for (const typeId of [EMPLOYMENT.permanent, EMPLOYMENT.fixedTerm, EMPLOYMENT.entrepreneur]) {
      const work = (n: number) => insuranceEligibility(known({ employment: { typeId, start: monthsBack(n) } }), limits, TODAY).criteria.work;
      expect(work(7), `${typeId}`).toBe('met');
      expect(work(6), `${typeId}`).toBe('assure');
      expect(work(0), `${typeId}`).toBe('assure');
    }
    expect(insuranceEligibility(known({ employment: { typeId: EMPLOYMENT.permanent, start: null } }), limits, TODAY).criteria.work).toBe('assure');
  });

  it('leaves a student’s and a part-timer’s hours to the person, and refuses the unemployed and the retired whatever they assure', () => {
    for (const typeId of [EMPLOYMENT.student, EMPLOYMENT.partTime]) {
      const result = insuranceEligibility(known({ employment: { typeId, start: monthsBack(60) } }), limits, TODAY);
      expect(result.criteria.work, `${typeId}`).toBe('assure');
      expect(insuranceEligibility(known({ employment: { typeId, start: monthsBack(60) } }), limits, TODAY, allAssured).status).toBe('eligible');
    }
    for (const typeId of [EMPLOYMENT.unemployed, EMPLOYMENT.retired]) {
      expect(insuranceEligibility(known({ employment: { typeId, start: null } }), limits, TODAY, allAssured), `${typeId}`).toMatchObject({ status: 'notEligible', reasons: ['work'] });
    }
    expect(insuranceEligibility(known({ employment: null }), limits, TODAY).criteria.work).toBe('assure');
  });

  it('always leaves health, lay-off and payment defaults to the assurances; each checkbox covers what its text says', () => {
    const result = insuranceEligibility(known(), limits, TODAY);
    expect(result).toMatchObject({ status: 'needsAssurance', assure: ['notLaidOff', 'healthy', 'noPaymentDefaults'] });
    expect(insuranceEligibility(known(), limits, TODAY, { hasWorked: true, assureInformation: true })).toMatchObject({ status: 'needsAssurance', assure: ['healthy'] });
    expect(insuranceEligibility(known(), limits, TODAY, { assureAge: true, assureInformation: true })).toMatchObject({ status: 'needsAssurance', assure: ['notLaidOff'] });
    expect(insuranceEligibility(known(), limits, TODAY, { assureAge: true, hasWorked: true })).toMatchObject({ status: 'needsAssurance', assure: ['noPaymentDefaults'] });
    expect(insuranceEligibility(known(), limits, TODAY, allAssured)).toMatchObject({ status: 'eligible', reasons: [], assure: [] });
    expect(new Set(Object.values(ASSURED_BY).flat())).toEqual(new Set(CRITERIA.filter((c) => c !== 'age')));
  });

  it('never lets an assurance override a fact, and is eligible exactly when nothing is unmet or left open (property)', () => {
    const monthYear = fc.record({ year: fc.integer({ min: 1990, max: 2030 }), month: fc.integer({ min: 1, max: 12 }) });
    const facts = fc.record({
      age: fc.option(fc.integer({ min: 0, max: 120 })),
      employment: fc.option(fc.record({ typeId: fc.option(fc.constantFrom(1, 2, 4, 5, 6, 7, 8)), start: fc.option(monthYear) })),
      moveIn: fc.option(monthYear),
    });
    const assurances = fc.record({ assureAge: fc.boolean(), hasWorked: fc.boolean(), assureInformation: fc.boolean() });
    fc.assert(
      fc.property(facts, assurances, (f, a) => {
        const without = insuranceEligibility(f, limits, TODAY);
        const withAssurances = insuranceEligibility(f, limits, TODAY, a);
        expect(withAssurances.reasons).toEqual(without.reasons);
        for (const criterion of CRITERIA) if (without.criteria[criterion] !== 'assure') expect(withAssurances.criteria[criterion]).toBe(without.criteria[criterion]);
        const ageKnownOut = f.age !== null && (f.age < 20 || f.age > 63);
        expect(withAssurances.reasons.includes('age')).toBe(ageKnownOut);
        expect(withAssurances.status === 'eligible').toBe(withAssurances.reasons.length === 0 && withAssurances.assure.length === 0);
        if (withAssurances.status === 'eligible') expect(a).toEqual(allAssured);
      }),
    );
  });

  it('reads the facts from a consumer or mortgage application’s primary applicant', () => {
    const data = {
      primaryApplicantEmploymentTypeId: 6,
      primaryApplicantWorkStartMonth: 3,
      primaryApplicantWorkStartYear: 2019,
      primaryApplicantMoveCurrentAddressMonth: 8,
      primaryApplicantMoveCurrentAddressYear: 2021,
      coApplicantEmploymentTypeId: 1,
    };
    expect(factsFromApplication(data, 45)).toEqual({ age: 45, employment: { typeId: 6, start: { year: 2019, month: 3 } }, moveIn: { year: 2021, month: 8 } });
    expect(factsFromApplication({ primaryApplicantEmploymentTypeId: 1, primaryApplicantMoveCurrentAddressMonth: 13, primaryApplicantMoveCurrentAddressYear: 2021 }, 30)).toEqual({
      age: 30,
      employment: { typeId: 1, start: null },
      moveIn: null,
    });
    expect(factsFromApplication(null, null)).toEqual({ age: null, employment: null, moveIn: null });
  });

  it('has a Finnish text in the document for every criterion the landing view lists, its numbers the limits’', () => {
    const texts = doc.texts ?? {};
    for (const criterion of CRITERIA) expect(texts[`eligibility${criterion[0].toUpperCase()}${criterion.slice(1)}`], criterion).toBeTruthy();
    expect(texts.eligibilityAge).toContain(`${limits.minAge}–${limits.maxAge}`);
    expect(texts.eligibilityResidence).toContain(`${limits.residenceMonths} kuukautta`);
    expect(texts.eligibilityWork).toContain(`${limits.workMonths} kuukautta`);
    expect(texts.notEligible).toContain('(/haelainaa)');
    expect(texts.supportHours).toContain('10.00–16.30');
    expect([texts.statusWaitingForSignature, texts.statusSigned]).toEqual(['Odottaa allekirjoitusta', 'Allekirjoitettu']);
  });

  it('refuses a document without the limits', () => {
    expect(() => eligibilityLimits({ schema: doc.schema, constants: { insuranceEligibility: { residenceMonths: 12 } } })).toThrow(/workMonths/);
    const noAgeLimit = structuredClone(doc);
    delete noAgeLimit.schema.properties.age.maximum;
    expect(() => eligibilityLimits(noAgeLimit)).toThrow(/maxAge/);
  });
});
