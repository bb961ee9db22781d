// The mortgage amount snaps to its slider's 500 € step when left (issue 25 item 14).
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { snapToStep } from '../../../engine/react/widgets/SliderNumberWidget.tsx';

describe('snapToStep', () => {
  it('rounds to the nearest step counted from the minimum', () => {
    expect(snapToStep(150_249, 10_000, 700_000, 500)).toBe(150_000);
    expect(snapToStep(150_250, 10_000, 700_000, 500)).toBe(150_500);
    expect(snapToStep(150_000, 10_000, 700_000, 500)).toBe(150_000);
    expect(snapToStep(2_300, 2_000, 9_999, 1_000)).toBe(2_000);
  });

  it('leaves values outside the limits to their messages, and never goes past the maximum', () => {
    expect(snapToStep(9_999, 10_000, 700_000, 500)).toBe(9_999);
    expect(snapToStep(700_001, 10_000, 700_000, 500)).toBe(700_001);
    expect(snapToStep(9_900, 2_000, 9_999, 1_000)).toBe(9_000);
  });
});

describe('the mortgage document', () => {
  const doc = loadFormRuntime('mortgage').document;
  it('snaps the amount on the step its slider moves in', () => {
    expect(doc.ui?.inputAppliedAmount?.['ui:options']).toMatchObject({ step: doc.constants?.amountSliderStep, snapToStep: true });
  });
  it("opens the income help from both applicants' gross income, keeping the field's widget and hint", () => {
    for (const party of ['primaryApplicant', 'coApplicant']) {
      expect(doc.ui?.[`${party}GrossMonthlyIncome`]).toMatchObject({ 'ui:widget': 'money', 'ui:help': 'Tulot ennen veroja', 'ui:options': { infoModal: 'incomeHelp' } });
    }
  });
});
