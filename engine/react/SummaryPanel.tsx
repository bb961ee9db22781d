// The summary beside the form: the document's summary sections the applicant is
// past, each with its answers and a pencil back to its step. A section whose answers
// did not change is not rendered again (a keystroke changes one answer): given the
// answers' store, each section subscribes to its own answers, so a keystroke renders
// the section showing the edited answer and nothing else of the panel.
import { memo, useCallback, type ReactNode } from 'react';
import { sameList, type FormData, type FormDocument, type FormRuntime, type FormView, type SummarySection } from '../core/index.ts';
import { useAnswers, type AnswersStore } from './answers.ts';
import { displayValue } from './display.ts';
import { goToStep } from './focus.ts';
import { fill, type RendererMessages } from './messages.ts';

export interface SummaryPanelProps {
  runtime: FormRuntime;
  /** The answers, or (a page that renders with every change of them) `data` and perhaps its `view`. */
  answers?: AnswersStore;
  data?: FormData;
  currentStep: number;
  messages: RendererMessages;
  /** Where a pencil takes the applicant; by default it scrolls to the step on this page. */
  onEdit?(step: number): void;
  /** The runtime's view of `data`, when the page has it already (runtime.view). */
  view?: FormView;
}

function PencilIcon(): ReactNode {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 20h4l10.5-10.5a2.83 2.83 0 0 0-4-4L4 16v4Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="m13.5 6.5 4 4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** A field whose value is an e-mail address: the `fiEmail` keyword, `format: email` or the email widget. */
function isEmailField(doc: FormDocument, field: string): boolean {
  const schema = doc.schema.properties[field] as { fiEmail?: unknown; format?: unknown } | undefined;
  return Boolean(schema?.fiEmail) || schema?.format === 'email' || doc.ui?.[field]?.['ui:widget'] === 'email';
}

/**
 * An e-mail address reads whole: the panel moves it under its label when it does not
 * fit beside it, and when it is wider than the panel it breaks once, before the '@',
 * never inside the name or the domain (unless one of those alone is wider).
 */
function EmailValue({ address }: { address: string }): ReactNode {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      <span className="lv-summary__part">{address.slice(0, at)}</span>
      <wbr />
      <span className="lv-summary__part">{address.slice(at)}</span>
    </>
  );
}

const NO_DATA: FormData = {};

export function SummaryPanel(props: SummaryPanelProps): ReactNode {
  if (props.answers) return <LiveSummaryPanel {...props} answers={props.answers} />;
  const { runtime, data = NO_DATA, currentStep, messages, onEdit = goToStep, view = runtime.view(data) } = props;
  const sections = view.summarySections(currentStep);
  if (sections.length === 0) return <p className="lv-summary__empty">{messages.summaryEmpty}</p>;
  return (
    <div className="lv-summary">
      {sections.map((section) => (
        <SummarySectionView
          key={section.id}
          runtime={runtime}
          section={section}
          values={section.fields.map((field) => view.prepared[field])}
          warnings={section.fields.map((field) => view.warnings[field])}
          messages={messages}
          onEdit={onEdit}
        />
      ))}
    </div>
  );
}

/** The panel over the answers' store: renders again when the sections shown change, each section when its answers do. */
function LiveSummaryPanel({ runtime, answers, currentStep, messages, onEdit = goToStep }: SummaryPanelProps & { answers: AnswersStore }): ReactNode {
  const sectionsOf = useCallback((_: FormData, store: AnswersStore) => store.view().summarySections(currentStep), [currentStep]);
  const sections = useAnswers(answers, sectionsOf, sameList<SummarySection>);
  if (sections.length === 0) return <p className="lv-summary__empty">{messages.summaryEmpty}</p>;
  return (
    <div className="lv-summary">
      {sections.map((section) => (
        <LiveSummarySection key={section.id} runtime={runtime} answers={answers} section={section} messages={messages} onEdit={onEdit} />
      ))}
    </div>
  );
}

interface Parts {
  values: unknown[];
  warnings: Array<string | undefined>;
}

const sameParts = (a: Parts, b: Parts) => a.values.every((value, i) => Object.is(value, b.values[i])) && a.warnings.every((warning, i) => warning === b.warnings[i]);

function LiveSummarySection({ answers, section, ...rest }: Omit<SectionProps, 'values' | 'warnings'> & { answers: AnswersStore }): ReactNode {
  const partsOf = useCallback(
    (_: FormData, store: AnswersStore): Parts => {
      const view = store.view();
      return { values: section.fields.map((field) => view.prepared[field]), warnings: section.fields.map((field) => view.warnings[field]) };
    },
    [section],
  );
  const { values, warnings } = useAnswers(answers, partsOf, sameParts);
  return <SummarySectionView section={section} values={values} warnings={warnings} {...rest} />;
}

interface SectionProps {
  runtime: FormRuntime;
  section: SummarySection;
  /** The prepared answers of the section's fields, in order. */
  values: unknown[];
  /** The warning beside each field, if any (the same one the step shows). */
  warnings: Array<string | undefined>;
  messages: RendererMessages;
  onEdit(step: number): void;
}

const sameProps = (a: SectionProps, b: SectionProps) =>
  a.runtime === b.runtime && a.section === b.section && a.messages === b.messages && a.onEdit === b.onEdit && a.values.length === b.values.length && a.values.every((value, i) => Object.is(value, b.values[i])) &&
  a.warnings.every((warning, i) => warning === b.warnings[i]);

const SummarySectionView = memo(function SummarySectionView({ runtime, section, values, warnings, messages, onEdit }: SectionProps): ReactNode {
  const rows = section.fields
    .map((field, i) => ({ field, value: displayValue(runtime.document, field, values[i], messages), warning: warnings[i] }))
    .filter((row): row is { field: string; value: string; warning: string | undefined } => row.value !== null);
  return (
    <section className="lv-summary__section" aria-labelledby={`summary-${section.id}`}>
      <div className="lv-summary__head">
        <h3 id={`summary-${section.id}`} className="lv-summary__title">
          {section.title}
        </h3>
        <button type="button" className="lv-icon-button" onClick={() => onEdit(section.step)} aria-label={fill(messages.editSection, { section: section.title })}>
          <PencilIcon />
        </button>
      </div>
      <dl className="lv-summary__list">
        {rows.map((row) => (
          <div key={row.field} className="lv-summary__row">
            <dt>{runtime.label(row.field)}</dt>
            <dd>
              {isEmailField(runtime.document, row.field) ? <EmailValue address={row.value} /> : row.value}
              {row.warning && <span className="lv-summary__warning">{row.warning}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}, sameProps);
