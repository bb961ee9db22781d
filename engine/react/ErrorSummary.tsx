// GOV.UK error summary: a heading, one link per failing field in form order. It
// takes focus when it appears (the wizard focuses it) and each link moves focus to
// its field and brings the field's label into view.
import type { ReactNode } from 'react';
import { useWizard } from './context.ts';
import { focusField } from './focus.ts';
import { fieldDomId } from './ids.ts';

export function ErrorSummary({ step }: { step: number }): ReactNode {
  const { summary, summaryRef, messages } = useWizard();
  if (!summary || summary.step !== step || summary.items.length === 0) return null;
  const titleId = `error-summary-${step}-title`;
  return (
    <div className="lv-error-summary" ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby={titleId} data-error-summary>
      <h3 id={titleId} className="lv-error-summary__title">
        {messages.errorSummaryTitle}
      </h3>
      <ul className="lv-error-summary__list">
        {summary.items.map((item) => (
          <li key={item.field}>
            <a
              href={`#${fieldDomId(item.field)}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(item.field);
              }}
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
