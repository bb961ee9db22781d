// Steps 1..N on one page: each revealed step is a section with its heading, its
// error summary, its fields grouped as the document's sections (each visible field
// its own small RJSF form, field-forms.ts), and, on the current step only, the
// continue button with the document's label (in a form of its own: the fields' forms
// submit by Enter, the button by a click, both continue). Earlier steps stay editable; continuing
// re-checks them. A section renders again when its visible fields change, a field when
// its own answer, title or errors do (each subscribes to the stores), never on a keystroke elsewhere.
import { usePageReady } from './hydration.ts';
import type { ValidatorType } from '@rjsf/utils';
import { memo, useCallback, type ReactNode } from 'react';
import { sameList, type FormData, type Step } from '../core/index.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import { stepDomId, stepHeadingId } from './ids.ts';
import { fill, type RendererMessages } from './messages.ts';
import { FieldForm } from './FieldForm.tsx';
import type { FieldSpec, SectionSpec } from './field-forms.ts';
import { useWizardState, type WizardState } from './store.ts';

export interface WizardStepsProps {
  /** Active steps up to the current one, in order. */
  revealedSteps: readonly Step[];
  activeStepCount: number;
  currentStep: number;
  /** The current step's button label. */
  buttonLabel: string;
  busy: boolean;
  messages: RendererMessages;
  sections: ReadonlyMap<number, SectionSpec[]>;
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  /** The continue button, or Enter in a field. */
  onSubmit(): void;
}

export function WizardSteps({ revealedSteps, activeStepCount, currentStep, buttonLabel, busy, sections, ...shared }: WizardStepsProps): ReactNode {
  return (
    <div className="lv-steps">
      {revealedSteps.map((step, index) => {
        const isCurrent = step.number === currentStep;
        return (
          <StepView
            key={step.number}
            step={step}
            index={index}
            activeStepCount={activeStepCount}
            isCurrent={isCurrent}
            buttonLabel={isCurrent ? buttonLabel : ''}
            busy={isCurrent && busy}
            specs={sections.get(step.number) ?? NO_SECTIONS}
            {...shared}
          />
        );
      })}
    </div>
  );
}

const NO_SECTIONS: SectionSpec[] = [];

interface StepViewProps {
  step: Step;
  index: number;
  activeStepCount: number;
  isCurrent: boolean;
  buttonLabel: string;
  busy: boolean;
  messages: RendererMessages;
  specs: readonly SectionSpec[];
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  onSubmit(): void;
}

/** A step renders again only when something of it changed (its place, its button). */
const StepView = memo(function StepView({ step, index, activeStepCount, isCurrent, buttonLabel, busy, messages, specs, validator, onFieldChange, onBlur, onSubmit }: StepViewProps): ReactNode {
  const ready = usePageReady();
  return (
    <section id={stepDomId(step.number)} className={`lv-step${isCurrent ? ' lv-step--current' : ''}`} aria-labelledby={stepHeadingId(step.number)}>
      <header className="lv-step__header">
        {/* A plain form (no progress in the document, the login's) is no journey: no 'Vaihe n/total'. */}
        {/* Nor a form of one page whose progress is read from its answers. */}
        {typeof step.progress === 'number' && <p className="lv-step__eyebrow">{fill(messages.stepOf, { n: index + 1, total: activeStepCount })}</p>}
        <h2 id={stepHeadingId(step.number)} className="lv-step__title" tabIndex={-1}>
          {step.title}
        </h2>
      </header>
      <ErrorSummary step={step.number} />
      {specs.map((spec) => (
        <SectionView key={spec.key} spec={spec} validator={validator} onFieldChange={onFieldChange} onBlur={onBlur} onSubmit={onSubmit} />
      ))}
      {isCurrent && (
        <form
          className="lv-step__actions"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {/* Off until the page is hydrated: a page rendered on the server would otherwise submit this form natively, to a reload. */}
          <button type="submit" className="lv-button lv-button--primary" disabled={busy || !ready} aria-describedby={busy ? `${stepDomId(step.number)}-busy` : undefined}>
            {buttonLabel}
          </button>
          {busy && (
            <span id={`${stepDomId(step.number)}-busy`} className="lv-step__busy" role="status">
              {messages.saving}
            </span>
          )}
        </form>
      )}
    </section>
  );
});

interface SectionViewProps {
  spec: SectionSpec;
  validator: ValidatorType;
  onFieldChange(field: string, data: FormData): void;
  onBlur(id: string): void;
  onSubmit(): void;
}

/** A section without a visible field is not rendered; a hidden field has no form. */
const SectionView = memo(function SectionView({ spec, ...shared }: SectionViewProps): ReactNode {
  const { section } = spec;
  const visibleOf = useCallback((state: WizardState): readonly FieldSpec[] => spec.fields.filter(({ field }) => state.view.visible.has(field)), [spec]);
  const visible = useWizardState(visibleOf, sameList<FieldSpec>);
  if (visible.length === 0) return null;
  const fields = visible.map((field) => <FieldForm key={field.field} spec={field} {...shared} />);
  // A section without a title may still say something about its fields (the login's where the code goes).
  if (!section.title)
    return (
      <div className="lv-section">
        {section.description && <p className="lv-section__description">{section.description}</p>}
        {fields}
      </div>
    );
  return (
    <fieldset className="lv-section lv-section--titled">
      <legend className="lv-section__title">{section.title}</legend>
      {section.description && <p className="lv-section__description">{section.description}</p>}
      <div className="lv-section__fields">{fields}</div>
    </fieldset>
  );
});
