// checkedWith: the fields whose cross-field checks read a field, which the wizard checks
// again when that field is left (issue 25 item 12: a month/year pair on blur).
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';

describe('checkedWith', () => {
  const consumer = loadFormRuntime('consumer');

  it("names a month's check when its year is left, for both applicants", () => {
    expect(consumer.checkedWith('primaryApplicantMoveCurrentAddressYear')).toContain('primaryApplicantMoveCurrentAddressMonth');
    expect(consumer.checkedWith('primaryApplicantWorkStartYear')).toContain('primaryApplicantWorkStartMonth');
    expect(consumer.checkedWith('coApplicantTemporaryTillYear')).toContain('coApplicantTemporaryTillMonth');
  });

  it('names the other field of a check between two fields, never the field itself', () => {
    expect(consumer.checkedWith('primaryApplicantGrossMonthlyIncome')).toContain('primaryApplicantNetMonthlyIncome');
    expect(consumer.checkedWith('primaryApplicantMoveCurrentAddressMonth')).not.toContain('primaryApplicantMoveCurrentAddressMonth');
  });

  it('names nothing for a field no other check reads', () => {
    expect(consumer.checkedWith('primaryApplicantFirstnames')).toEqual([]);
    expect(consumer.checkedWith('nope')).toEqual([]);
  });
});
