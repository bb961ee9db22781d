// What the page says after a change: done (a status) or refused with the server's Finnish
// message and findings (an alert). The form that asked is gone by then, so the focus comes here.
import { useEffect, useRef, type ReactNode } from 'react';
import { StudioApiError } from './api.ts';
import { FindingList, findingOf, type Finding } from './FindingList.tsx';
import { studioTexts as t } from './messages.fi.ts';

export type Outcome =
  | { ok: true; text: string }
  /** `version`: the version refused (the publish gate's findings link to its fields). */
  | { ok: false; text: string; findings: Finding[]; version?: { item: string; number: number } };

export const refusalOf = (error: unknown, version?: { item: string; number: number }): Outcome => ({
  ok: false,
  text: error instanceof StudioApiError ? error.message : t.loadFailed,
  findings: error instanceof StudioApiError ? error.findings.map(findingOf) : [],
  ...(version ? { version } : {}),
});

export function OutcomeMessage({ outcome }: { outcome: Outcome | null }): ReactNode {
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);
  // The live regions are there from the start, so what comes into them is read out.
  return (
    <div ref={said} tabIndex={-1} className="studio-outcome">
      <div role="status" className="studio-status">
        {outcome?.ok && <p>{outcome.text}</p>}
      </div>
      <div role="alert" className="studio-refusal">
        {outcome && !outcome.ok && (
          <>
            <p>
              <strong>{t.actions.refusedTitle}:</strong> {outcome.text}
            </p>
            {outcome.findings.length > 0 && <FindingList findings={outcome.findings} version={outcome.version} />}
          </>
        )}
      </div>
    </div>
  );
}
