// What /maksuturva decides without rendering (src/flows/insurance/page-logic.ts): the view an
// answer of GET /api/insuranceApplication shows, the fee beside the slider from the shipped
// document's table (the one the server derives its fee with), the answers an edit starts
// from, which kept draft may fill the form again, and how the bank's return is read.
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import type { InsuranceAnswer, InsuranceApplication } from '../../../src/flows/insurance/page-api.ts';
import {
  canEdit,
  criterionTexts,
  draftScope,
  dueDateTitle,
  editableFields,
  formDataOf,
  insuranceView,
  monthlyPremium,
  restoredDraft,
  signingOutcomeOf,
  statusText,
} from '../../../src/flows/insurance/page-logic.ts';
import { validInsurance } from '../../fixtures/insurance-valid.ts';

const runtime = loadFormRuntime('insurance');
const doc = runtime.document;

function application(overrides: Partial<InsuranceApplication> = {}): InsuranceApplication {
  const { paymentTier, appliedDueDate, age, firstName, lastName, address, zip, city, phone, email } = validInsurance();
  return {
    insuranceApplicationId: 12,
    applicationId: 34,
    applicationStatus: 'WAITING_FOR_SIGNATURE',
    firstName,
    lastName,
    email,
    phone,
    address,
    zip,
    city,
    age,
    paymentTier,
    monthlyPayment: 15.9,
    appliedDueDate,
    assureAge: true,
    hasWorked: true,
    assureInformation: true,
    insurerAnswer: null,
    ...overrides,
  };
}

function answer(overrides: Partial<InsuranceAnswer> = {}): InsuranceAnswer {
  return {
    hasInsuranceApplication: false,
    age: 41,
    firstName: 'Maija',
    lastName: 'Meikäläinen',
    eligibility: { status: 'needsAssurance', reasons: [], assure: ['notLaidOff', 'healthy', 'noPaymentDefaults'] },
    insuranceApplication: null,
    ...overrides,
  };
}

const notEligible = { status: 'notEligible', reasons: ['age'], assure: [] } as InsuranceAnswer['eligibility'];

describe('insuranceView', () => {
  it('shows the form to an eligible customer without an application, the update message to one who is not', () => {
    expect(insuranceView(answer(), false)).toBe('form');
    expect(insuranceView(answer({ eligibility: { status: 'eligible', reasons: [], assure: [] } }), false)).toBe('form');
    expect(insuranceView(answer({ eligibility: notEligible }), false)).toBe('notEligible');
  });

  it('shows an application once made, and the form while one not signed is edited', () => {
    const waiting = answer({ hasInsuranceApplication: true, insuranceApplication: application() });
    expect(insuranceView(waiting, false)).toBe('confirmation');
    expect(insuranceView(waiting, true)).toBe('form');
    expect(canEdit(waiting)).toBe(true);
  });

  it('never edits a signed application, nor one of a customer no longer eligible', () => {
    const signed = answer({ hasInsuranceApplication: true, insuranceApplication: application({ applicationStatus: 'SIGNED' }) });
    expect(canEdit(signed)).toBe(false);
    expect(insuranceView(signed, true)).toBe('confirmation');
    const aged = answer({ eligibility: notEligible, hasInsuranceApplication: true, insuranceApplication: application() });
    expect(canEdit(aged)).toBe(false);
    expect(insuranceView(aged, true)).toBe('confirmation');
    expect(canEdit(answer())).toBe(false);
  });
});

describe('monthlyPremium', () => {
  it('prices each tier at the age by the document table, as the server derives it', () => {
    const table = doc.constants!.insurancePremiums as { tiers: number[]; bands: Array<{ minAge: number; maxAge: number; premiums: number[] }> };
    const band = table.bands.find((entry) => entry.minAge <= 41 && 41 <= entry.maxAge)!;
    table.tiers.forEach((tier, i) => expect(monthlyPremium(doc, tier, 41)).toBe(band.premiums[i]));
    expect(monthlyPremium(doc, 300, 41)).toBe(15.9);
    expect(runtime.prepare({ ...validInsurance(), paymentTier: 500 }).monthlyPayment).toBe(monthlyPremium(doc, 500, 41));
  });

  it('has no fee while the age is unknown or the tier is not on the slider', () => {
    expect(monthlyPremium(doc, 300, null)).toBeNull();
    expect(monthlyPremium(doc, 250, 41)).toBeNull();
    expect(monthlyPremium(doc, undefined, 41)).toBeNull();
    expect(monthlyPremium({ constants: {} }, 300, 41)).toBeNull();
  });
});

describe('the answers of the form', () => {
  it('asks only the fields the server does not set', () => {
    expect(editableFields(doc).sort()).toEqual(['address', 'appliedDueDate', 'assureAge', 'assureInformation', 'city', 'email', 'hasWorked', 'paymentTier', 'phone', 'zip']);
  });

  it('starts an edit from the application, with the person as the server knows them', () => {
    const data = formDataOf(doc, answer({ firstName: 'Maija', age: 42 }), application({ paymentTier: 500 }));
    expect(data).toMatchObject({ paymentTier: 500, appliedDueDate: 15, address: 'Mannerheimintie 1 A 2', assureInformation: true, age: 42, firstName: 'Maija' });
    expect(data).not.toHaveProperty('monthlyPayment');
    expect(data).not.toHaveProperty('insuranceApplicationId');
    expect(formDataOf(doc, answer({ age: null }), null)).toEqual({ firstName: 'Maija', lastName: 'Meikäläinen' });
  });

  it('keeps a draft per brand and application', () => {
    expect(draftScope('lainavertailu', null)).toBe('lainavertailu:insurance:new');
    expect(draftScope('kattokorko', application())).toBe('kattokorko:insurance:12');
  });

  it("restores a draft only for the person who typed it, with the server's read-only values", () => {
    const draft = { ...validInsurance(), age: 41, monthlyPayment: 1 };
    expect(restoredDraft(draft, answer())).toMatchObject({ address: 'Mannerheimintie 1 A 2', age: 41, firstName: 'Maija' });
    expect(restoredDraft(draft, answer({ firstName: 'Matti' }))).toBeNull();
    expect(restoredDraft(draft, answer({ age: 64 }))).toBeNull();
    expect(restoredDraft(null, answer())).toBeNull();
  });
});

describe('the words of the page', () => {
  it('reads the bank’s outcome from the address, only the known ones', () => {
    for (const outcome of ['signed', 'cancelled', 'failed', 'mismatch', 'changed']) expect(signingOutcomeOf(`?allekirjoitus=${outcome}`)).toBe(outcome);
    expect(signingOutcomeOf('?allekirjoitus=hacked')).toBeNull();
    expect(signingOutcomeOf('')).toBeNull();
  });

  it("words the reasons, statuses and due days with the document's texts", () => {
    expect(criterionTexts(doc.texts, ['age', 'work'])).toEqual([doc.texts!.eligibilityAge, doc.texts!.eligibilityWork]);
    expect(criterionTexts(doc.texts, ['unknown', '__proto__'])).toEqual([]);
    expect(statusText(doc.texts, 'WAITING_FOR_SIGNATURE')).toBe('Odottaa allekirjoitusta');
    expect(statusText(doc.texts, 'SIGNED')).toBe('Allekirjoitettu');
    expect(dueDateTitle(doc, 15)).toBe('Kuukauden 15. päivä');
    expect(dueDateTitle(doc, 9)).toBe('9');
  });
});
