// How far the application is, from the current step's `progress` in the document; a
// plain form, whose steps have none (the login's), shows no bar.
import { memo, type ReactNode } from 'react';
import type { Step } from '../core/index.ts';
import { fill, type RendererMessages } from './messages.ts';

export interface ProgressBarProps {
  /** Active steps up to the current one, in order. */
  revealedSteps: readonly Step[];
  activeStepCount: number;
  currentStep: number;
  messages: RendererMessages;
}

export const ProgressBar = memo(function ProgressBar({ revealedSteps, activeStepCount, currentStep, messages }: ProgressBarProps): ReactNode {
  const index = revealedSteps.findIndex((step) => step.number === currentStep);
  const step = revealedSteps[index];
  if (!step || step.progress === undefined) return null;
  const text = fill(messages.progress, { n: index + 1, total: activeStepCount, percent: step.progress });
  return (
    <div className="lv-progress">
      <p id="lv-progress-label" className="lv-progress__label">
        {text}
      </p>
      <div className="lv-progress__track" role="progressbar" aria-labelledby="lv-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={step.progress}>
        <div className="lv-progress__bar" style={{ width: `${step.progress}%` }} />
      </div>
    </div>
  );
});
