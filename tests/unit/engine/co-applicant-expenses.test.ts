// Spec §5 (issue 11 item 5): co-applicant expenses are required and may be 0; the
// "at least 1 for rented housing" rule is the primary applicant's only. A
// co-applicant at the same rented address shares the home, not necessarily its costs.
import { describe, expect, it } from 'vitest';
import { validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';
import { consumer, errorMap } from './helpers.ts';

const RENTED = 3;

function sameRentedAddress(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...validApplicationWithCoApplicant(),
    primaryApplicantAccommodationId: RENTED,
    coApplicantSameAddressAsPrimary: true,
    coApplicantAccommodationId: RENTED,
    ...patch,
  };
}

describe.each<[string[]]>([[[]], [['kattokorko']], [['yhdistelylaina']]])('co-applicant housing costs (variants %j)', (variants) => {
  const runtime = consumer(variants);
  const data = (patch: Record<string, unknown> = {}) => sameRentedAddress({ ...(variants.includes('yhdistelylaina') ? { loanPurposeId: 19, useLoanForOtherLoan: true } : {}), ...patch });

  it('a co-applicant at the same rented address may enter 0 for living and other expenses', () => {
    const result = runtime.validate(data({ coApplicantLivingExpenses: 0, coApplicantOtherRegularExpenses: 0 }));
    expect(errorMap(result)).toEqual({});
    expect(result.data).toMatchObject({ coApplicantLivingExpenses: 0, coApplicantOtherRegularExpenses: 0 });
    // Step 6 on its own, as the browser checks it before saving.
    expect(errorMap(runtime.validateStep(data({ coApplicantLivingExpenses: 0 }), 6))).toEqual({});
  });

  it('so may a co-applicant renting elsewhere: at least 0 for co-applicants', () => {
    expect(errorMap(runtime.validate(data({ coApplicantSameAddressAsPrimary: false, coApplicantAddress: 'Hämeenkatu 1', coApplicantZip: '33100', coApplicantCity: 'Tampere', coApplicantLivingExpenses: 0 })))).toEqual({});
  });

  it('the primary applicant renting still needs at least 1', () => {
    expect(errorMap(runtime.validate(data({ primaryApplicantLivingExpenses: 0, coApplicantLivingExpenses: 0 })))).toEqual({ primaryApplicantLivingExpenses: 'Vähintään 1' });
  });

  it('co-applicant expenses are still required and not negative', () => {
    expect(errorMap(runtime.validate(data({ coApplicantLivingExpenses: undefined, coApplicantOtherRegularExpenses: '' })))).toEqual({
      coApplicantLivingExpenses: 'Pakollinen tieto',
      coApplicantOtherRegularExpenses: 'Pakollinen tieto',
    });
    expect(errorMap(runtime.validate(data({ coApplicantLivingExpenses: -1 })))).toEqual({ coApplicantLivingExpenses: 'Vähintään 0' });
  });
});
