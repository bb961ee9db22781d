// Which step the application shows (issue 11): the step a path names within what was
// reached and applies (Back and Forward), and the step a resumed application lands on.
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { shownStep, type ApplicationState } from '../../../src/app/application/initial-state.ts';
import { landingStep, savedForm } from '../../../src/app/resume/saved-form.ts';
import type { AppRoute } from '../../../src/app/routes.ts';
import { coApplicantBasics, primaryBasics, primaryHousing, step1, validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';

const runtime = loadFormRuntime('consumer');
const token = 'A'.repeat(43);
const at = (step: number): AppRoute => ({ kind: 'step', step, id: '12', token });
const throughStep3 = () => structuredClone({ ...step1, ...primaryBasics, ...primaryHousing });

describe('the step shown', () => {
  const state = (data: Record<string, unknown>, step: number): ApplicationState => ({ data, step, id: '12', token, tracked: [] });

  it('is the step the path names when it was reached: Back and Forward move it', () => {
    const reached4 = state(throughStep3(), 4);
    expect(shownStep(runtime, reached4, at(4))).toBe(4);
    expect(shownStep(runtime, reached4, at(3))).toBe(3);
    expect(shownStep(runtime, reached4, at(1))).toBe(1);
  });

  it('never goes past the furthest step reached', () => {
    expect(shownStep(runtime, state(throughStep3(), 4), at(7))).toBe(4);
  });

  it('skips a step that no longer applies to the answers', () => {
    const withCo = validApplicationWithCoApplicant();
    expect(shownStep(runtime, state(withCo, 7), at(6))).toBe(6);
    expect(shownStep(runtime, state({ ...withCo, hasCoApplicant: false }, 7), at(6))).toBe(5);
    expect(shownStep(runtime, state({ ...withCo, hasCoApplicant: false }, 6), at(7))).toBe(5);
  });

  it('off a step path (before the first save) is the furthest step reached', () => {
    expect(shownStep(runtime, { data: {}, step: 1, tracked: [] }, { kind: 'start' })).toBe(1);
  });
});

describe('the step a resumed application lands on', () => {
  it('is the step the link names when every step before it is complete', () => {
    expect(landingStep(runtime, throughStep3(), 4)).toBe(4);
    expect(landingStep(runtime, throughStep3(), 3)).toBe(3);
    expect(landingStep(runtime, throughStep3(), 1)).toBe(1);
    expect(landingStep(runtime, validApplicationWithCoApplicant(), 6)).toBe(6);
  });

  it('is the first step that is not complete when the link names a later one', () => {
    expect(landingStep(runtime, throughStep3(), 7)).toBe(4);
    expect(landingStep(runtime, throughStep3(), 9)).toBe(4);
    const { primaryApplicantFirstnames: _, ...noName } = throughStep3();
    expect(landingStep(runtime, noName, 4)).toBe(2);
    expect(landingStep(runtime, {}, 4)).toBe(1);
  });

  it('goes past a named step that does not apply to the answers', () => {
    expect(landingStep(runtime, validApplication(), 6)).toBe(7);
  });

  it('counts the co-applicant step only when there is a co-applicant', () => {
    const coApplicantStepMissing = { ...validApplication(), inputAppliedAmount: 30000, hasCoApplicant: true, ...coApplicantBasics };
    expect(landingStep(runtime, coApplicantStepMissing, 7)).toBe(6);
    expect(landingStep(runtime, { ...coApplicantStepMissing, hasCoApplicant: false }, 7)).toBe(7);
  });

  it('without a named step (a link with the id in the query) is the first step that is not complete, or the last', () => {
    expect(landingStep(runtime, throughStep3())).toBe(4);
    expect(landingStep(runtime, validApplication())).toBe(7);
  });

  it('reads the verify answer: navigation state and unknown members do not count as answers', () => {
    const saved = savedForm({ ...throughStep3(), additionalFormData: { step: 3, hasCoApplicant: false }, product: 'kulutusluotto', brand: 'lainavertailu' });
    expect(saved.step).toBe(3);
    expect(landingStep(runtime, saved.data, saved.step + 1)).toBe(4);
    expect(landingStep(runtime, { ...saved.data, somethingElse: 1 }, 4)).toBe(4);
  });

  it("keeps the application's form release apart from its answers; none (or not a release) follows the live form", () => {
    const release = 'a'.repeat(64);
    const saved = savedForm({ ...throughStep3(), additionalFormData: { step: 3 }, product: 'kulutusluotto', brand: 'lainavertailu', formRelease: release });
    expect(saved.release).toBe(release);
    expect(saved.data).not.toHaveProperty('formRelease');
    expect(savedForm({ ...throughStep3(), additionalFormData: { step: 3 }, formRelease: null }).release).toBeNull();
    expect(savedForm({ additionalFormData: { step: 3 }, formRelease: '../evil' }).release).toBeNull();
    expect(savedForm({ additionalFormData: { step: 3 } }).release).toBeNull();
  });
});
