// Content the consumer application places around its fields: the installment
// estimate under the loan time, the co-applicant prompt above the co-applicant
// box, and the loan-type information above the loan kinds. Texts and rules are the
// document's (`texts`, `rules.computed`, `constants`). The slots are made once per
// form; what depends on the answers is read from the wizard's view (useComputed), so
// it renders again only when its value changes.
import type { ReactNode } from 'react';
import type { FormRuntime } from '../../../engine/core/index.ts';
import type { RendererSlots } from '../../../engine/react/index.ts';
import { formatNumber, useComputed } from '../../../engine/react/index.ts';
import { loanStep, modals } from '../messages/step.fi.ts';
import { isInfoKey, type InfoKey } from '../modals/AppModals.tsx';
import { fill } from '../text.ts';

function InstallmentEstimate({ runtime }: { runtime: FormRuntime }): ReactNode {
  const estimate = useComputed('monthlyInstallmentEstimate');
  const texts = runtime.document.texts ?? {};
  if (typeof estimate !== 'number' || !Number.isFinite(estimate)) return null;
  const rate = runtime.document.constants?.installmentAnnualRatePercent;
  return (
    <div className="estimate" data-testid="installment-estimate">
      <p className="estimate__label">{texts.installmentEstimate}</p>
      <p className="estimate__value">
        {formatNumber(estimate)} <span className="estimate__unit">{loanStep.installmentUnit}</span>
      </p>
      {texts.installmentEstimateNote && <p className="estimate__note">{fill(texts.installmentEstimateNote, { rate: typeof rate === 'number' ? formatNumber(rate) : '' })}</p>}
    </div>
  );
}

/** A document text with `{name}` filled from the document's numeric constants, so a stated threshold is the rule's own. */
export function textWithConstants(runtime: FormRuntime, key: string): string | undefined {
  const text = runtime.document.texts?.[key];
  if (text === undefined) return undefined;
  const numbers = Object.entries(runtime.document.constants ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  return fill(text, Object.fromEntries(numbers.map(([name, value]) => [name, formatNumber(value)])));
}

function CoApplicantPrompt({ runtime }: { runtime: FormRuntime }): ReactNode {
  if (useComputed('showCoApplicantPrompt') !== true) return null;
  return (
    <p className="prompt" data-testid="co-applicant-prompt">
      {textWithConstants(runtime, 'coApplicantPrompt')}
    </p>
  );
}

function InfoButton({ label, onOpen }: { label: string; onOpen(): void }): ReactNode {
  return (
    <p className="field-aside">
      <button type="button" className="lv-link-button lv-info-button" onClick={onOpen}>
        {label}
      </button>
    </p>
  );
}

/** A field other than a checkbox (which shows its own) whose `ui:options.infoModal` names a dialog: its button goes before it. */
function infoBefore(runtime: FormRuntime, field: string): Exclude<InfoKey, 'pep'> | undefined {
  const ui = runtime.document.ui?.[field];
  const key = (ui?.['ui:options'] as { infoModal?: unknown } | undefined)?.infoModal;
  const checkbox = ui?.['ui:widget'] === 'checkbox' || runtime.document.schema.properties[field]?.type === 'boolean';
  return typeof key === 'string' && isInfoKey(key) && key !== 'pep' && !checkbox ? key : undefined;
}

export function consumerSlots(runtime: FormRuntime, openInfo: (key: Exclude<InfoKey, 'pep'>) => void): RendererSlots {
  return {
    beforeField(field) {
      if (field === 'hasCoApplicant') return <CoApplicantPrompt runtime={runtime} />;
      if (field === 'primaryApplicantHasNoLoans' || field === 'coApplicantHasNoLoans') return <InfoButton label={modals.loanTypes.button} onOpen={() => openInfo('loanTypes')} />;
      const info = infoBefore(runtime, field);
      if (info) return <InfoButton label={modals[info].button} onOpen={() => openInfo(info)} />;
      return null;
    },
    afterField(field) {
      if (field === 'inputAppliedTenor') return <InstallmentEstimate runtime={runtime} />;
      return null;
    },
  };
}
