// GOV.UK error summary: a heading, one link per failing field in form order. It
// takes focus when the wizard asks (after a failed continue), once it is on the
// page, and each link moves focus to its field and brings the field's label into view.
import { memo, useEffect, type ReactNode } from 'react';
import { useWizard } from './context.ts';
import { focusField } from './focus.ts';
import { fieldDomId } from './ids.ts';
import { useWizardState } from './store.ts';

export const ErrorSummary = memo(function ErrorSummary({ step }: { step: number }): ReactNode {
  const { summaryRef, messages, store } = useWizard();
  const summary = useWizardState((state) => state.summary);
  const focus = summary?.step === step ? summary.focus : 0;
  useEffect(() => {
    if (focus <= store.focusHandled) return;
    store.focusHandled = focus;
    summaryRef.current?.focus();
  }, [focus, store, summaryRef]);
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
});
