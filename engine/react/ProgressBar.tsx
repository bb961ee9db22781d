// How far the application is, from the current step's `progress` in the document; a
// plain form, whose steps have none (the login's), shows no bar. A step whose progress
// is `'answered'` (a form of one page) shows the share of its required fields answered
// and no step count: 'Vaihe 1/1 · 100 % valmiina' on an empty form said nothing true.
import { memo, type ReactNode } from 'react';
import { isEmpty, topLevelField, type FormData, type FormRuntime, type FormView, type Step } from '../core/index.ts';
import { fill, type RendererMessages } from './messages.ts';

export interface ProgressBarProps {
  /** Active steps up to the current one, in order. */
  revealedSteps: readonly Step[];
  activeStepCount: number;
  currentStep: number;
  messages: RendererMessages;
  /** For an `'answered'` step: the per cent of its required fields answered (answeredPercent). */
  answered?: number;
}

/** The per cent of a step's visible required fields that have an answer (100 when it asks none). */
export function answeredPercent(runtime: FormRuntime, view: FormView, data: FormData, step: number): number {
  const required = [...view.required].filter((field) => field === topLevelField(field) && runtime.stepOf(field) === step);
  if (required.length === 0) return 100;
  return Math.round((100 * required.filter((field) => !isEmpty(data[field])).length) / required.length);
}

export const ProgressBar = memo(function ProgressBar({ revealedSteps, activeStepCount, currentStep, messages, answered }: ProgressBarProps): ReactNode {
  const index = revealedSteps.findIndex((step) => step.number === currentStep);
  const step = revealedSteps[index];
  if (!step || step.progress === undefined) return null;
  const percent = step.progress === 'answered' ? (answered ?? 0) : step.progress;
  const text = step.progress === 'answered' ? fill(messages.progressAnswered, { percent }) : fill(messages.progress, { n: index + 1, total: activeStepCount, percent });
  return (
    <div className="lv-progress">
      <p id="lv-progress-label" className="lv-progress__label">
        {text}
      </p>
      <div className="lv-progress__track" role="progressbar" aria-labelledby="lv-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="lv-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
});
