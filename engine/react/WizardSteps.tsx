// Steps 1..N on one page: each revealed step is a section with its heading, its
// error summary, its fields grouped as the document's sections, and, on the
// current step only, the continue button with the document's label. Earlier
// steps stay editable; continuing re-checks them.
import type { ObjectFieldTemplatePropertyType } from '@rjsf/utils';
import type { ReactNode } from 'react';
import type { Step, StepSection } from '../core/index.ts';
import { useWizard } from './context.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { stepDomId, stepHeadingId } from './ids.ts';
import { fill } from './messages.ts';

export function WizardSteps({ properties }: { properties: ObjectFieldTemplatePropertyType[] }): ReactNode {
  const { revealedSteps } = useWizard();
  const content = new Map(properties.map((property) => [property.name, property.content]));
  return (
    <div className="lv-steps">
      {revealedSteps.map((step, index) => (
        <StepView key={step.number} step={step} index={index} content={content} />
      ))}
    </div>
  );
}

function StepView({ step, index, content }: { step: Step; index: number; content: Map<string, ReactNode> }): ReactNode {
  const { currentStep, activeStepCount, messages, runtime, data, busy } = useWizard();
  const isCurrent = step.number === currentStep;
  return (
    <section id={stepDomId(step.number)} className={`lv-step${isCurrent ? ' lv-step--current' : ''}`} aria-labelledby={stepHeadingId(step.number)}>
      <header className="lv-step__header">
        <p className="lv-step__eyebrow">{fill(messages.stepOf, { n: index + 1, total: activeStepCount })}</p>
        <h2 id={stepHeadingId(step.number)} className="lv-step__title" tabIndex={-1}>
          {step.title}
        </h2>
      </header>
      <ErrorSummary step={step.number} />
      {step.sections.map((section, i) => (
        <SectionView key={i} section={section} content={content} />
      ))}
      {isCurrent && (
        <div className="lv-step__actions">
          <button type="submit" className="lv-button lv-button--primary" disabled={busy} aria-describedby={busy ? `${stepDomId(step.number)}-busy` : undefined}>
            {runtime.buttonLabel(step.number, data)}
          </button>
          {busy && (
            <span id={`${stepDomId(step.number)}-busy`} className="lv-step__busy" role="status">
              {messages.saving}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

function SectionView({ section, content }: { section: StepSection; content: Map<string, ReactNode> }): ReactNode {
  const { visible } = useWizard();
  if (!section.fields.some((field) => visible.has(field))) return null;
  const fields = section.fields.map((field) => <FieldSlot key={field} node={content.get(field)} />);
  if (!section.title) return <div className="lv-section">{fields}</div>;
  return (
    <fieldset className="lv-section lv-section--titled">
      <legend className="lv-section__title">{section.title}</legend>
      {section.description && <p className="lv-section__description">{section.description}</p>}
      <div className="lv-section__fields">{fields}</div>
    </fieldset>
  );
}

const FieldSlot = ({ node }: { node: ReactNode }) => <>{node}</>;
