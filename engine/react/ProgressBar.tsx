// How far the application is, from the current step's `progress` in the document.
import type { ReactNode } from 'react';
import { useWizard } from './context.ts';
import { fill } from './messages.ts';

export function ProgressBar(): ReactNode {
  const { revealedSteps, activeStepCount, currentStep, messages } = useWizard();
  const index = revealedSteps.findIndex((step) => step.number === currentStep);
  const step = revealedSteps[index];
  if (!step) return null;
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
}
