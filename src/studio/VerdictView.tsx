// A stored QA verdict (src/server/versions/qa-verdicts.ts StoredVerdict): passes or not and
// why, and per form the mutation score and the cases whose result changes for applicants,
// by field and message. The stored JSON is read defensively: older verdicts lack parts.
import type { ReactNode } from 'react';
import type { BehaviourDiff } from '../../engine/qa/behaviour-diff.ts';
import type { MutationSummary } from '../../engine/qa/verdict.ts';
import { formatTime, percent } from './format.ts';
import { fill, studioTexts as t } from './messages.fi.ts';

interface FormVerdict {
  mutation?: MutationSummary | null;
  behaviour?: BehaviourDiff | null;
  candidate?: { cases?: number };
  threshold?: number;
}

interface StoredVerdict {
  passes: boolean;
  reasons?: string[];
  forms?: Record<string, FormVerdict>;
  madeAt?: string;
  wasLive?: boolean;
  threshold?: number;
}

const isVerdict = (value: unknown): value is StoredVerdict => typeof value === 'object' && value !== null && typeof (value as StoredVerdict).passes === 'boolean';

export function VerdictView({ verdict }: { verdict: unknown }): ReactNode {
  if (!isVerdict(verdict)) return null;
  const reasons = verdict.reasons ?? [];
  return (
    <div className="studio-verdict" data-passes={verdict.passes}>
      <p className={verdict.passes ? 'studio-verdict__passes' : 'studio-verdict__fails'}>
        <strong>{verdict.passes ? t.review.passes : t.review.fails}</strong>
        {verdict.madeAt && <> · {fill(t.review.madeAt, { time: formatTime(verdict.madeAt) })}</>}
      </p>
      {verdict.wasLive && <p>{t.review.wasLive}</p>}
      {reasons.length > 0 && (
        <>
          <h4>{t.review.reasons}</h4>
          <ul>
            {reasons.map((reason, index) => (
              <li key={index}>{reason}</li>
            ))}
          </ul>
        </>
      )}
      {Object.entries(verdict.forms ?? {}).map(([form, summary]) => (
        <FormSummary key={form} form={form} summary={summary} threshold={summary.threshold ?? verdict.threshold} />
      ))}
    </div>
  );
}

function FormSummary({ form, summary, threshold }: { form: string; summary: FormVerdict; threshold: number | undefined }): ReactNode {
  const { mutation, behaviour } = summary;
  return (
    <section aria-label={fill(t.review.form, { form })} className="studio-verdict__form">
      <h4>{fill(t.review.form, { form })}</h4>
      {typeof summary.candidate?.cases === 'number' && <p>{fill(t.review.cases, { count: summary.candidate.cases })}</p>}
      {mutation ? (
        <p>
          {fill(t.review.mutationScore, { score: percent(mutation.score), killed: mutation.killed, total: mutation.total })}
          {threshold !== undefined && fill(t.review.threshold, { threshold: percent(threshold) })}
          {mutation.sampled && ` (${t.review.mutationSampled})`}
        </p>
      ) : (
        <p>{t.review.noMutation}</p>
      )}
      {mutation && mutation.survivors.length > 0 && (
        <details>
          <summary>{t.review.survivors}</summary>
          <ul>
            {mutation.survivors.map((survivor) => (
              <li key={survivor.id}>{survivor.description}</li>
            ))}
          </ul>
        </details>
      )}
      <h5>{t.review.behaviourTitle}</h5>
      {!behaviour ? (
        <p>{t.review.behaviourNew}</p>
      ) : behaviour.fields.length === 0 ? (
        <p>{t.review.behaviourNone}</p>
      ) : (
        <>
          <p>{fill(t.review.behaviourSummary, { changed: behaviour.changed, compared: behaviour.compared })}</p>
          <ul>
            {behaviour.fields.map((field) => (
              <li key={field.field}>
                {fill(t.review.fieldChange, { label: field.label || field.field, count: field.count })}
                <ul>
                  {field.changes.map((change, index) => (
                    <li key={index}>{fill(t.review.messageChange, { before: change.before ?? t.review.noMessage, after: change.after ?? t.review.noMessage, count: change.count })}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
