// Asking before a state change: a confirmation, for a send-back its required comment, and for a
// submit an optional note to the approver (kept as the version's comment).
// The server decides; a refusal comes back to the page with its Finnish message.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { VersionAction } from '../../engine/core/version-states.ts';
import { studioApi, type VersionSummary } from './api.ts';
import { hasVerdict } from './format.ts';
import { fill, studioTexts as t } from './messages.fi.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

const CONFIRM: Record<Exclude<VersionAction, 'sendBack'>, string> = {
  submit: t.actions.confirmSubmit,
  approve: t.actions.confirmApprove,
  discard: t.actions.confirmDiscard,
  rollback: t.actions.confirmRollback,
};

export function ActionForm({
  item,
  version,
  action,
  onDone,
  onRefused,
  onCancel,
}: {
  item: string;
  version: VersionSummary;
  action: VersionAction;
  onDone: (text: string) => void;
  onRefused: (error: unknown) => void;
  onCancel: () => void;
}): ReactNode {
  const id = useId();
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const number = version.number;
  const title = action === 'sendBack' ? fill(t.actions.sendBackTitle, { number }) : `${t.actions[action]}: ${fill(t.actions.versionLabel, { number })}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action === 'sendBack' && !comment.trim()) {
      setMissing(true);
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await studioApi.act(item, number, action, action === 'sendBack' || action === 'submit' ? comment.trim() || undefined : undefined);
      onDone(fill(t.actions.done[action], { number, copy: answer.version.number }));
    } catch (error) {
      onRefused(error);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="studio-panel">
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <form onSubmit={(event) => void submit(event)} className="studio-form" noValidate>
        {action === 'sendBack' ? (
          <>
            <label htmlFor={`${id}-comment`}>{t.actions.sendBackComment}</label>
            <p id={`${id}-hint`} className="studio-hint">
              {t.actions.sendBackCommentHint}
            </p>
            {missing && (
              <p id={`${id}-error`} className="studio-error">
                {t.actions.sendBackRequired}
              </p>
            )}
            <textarea
              id={`${id}-comment`}
              required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-hint ${id}-error` : `${id}-hint`}
              maxLength={2000}
              rows={3}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </>
        ) : (
          <p>{fill(action === 'submit' && !hasVerdict(item) ? t.actions.confirmSubmitNoVerdict : CONFIRM[action], { number })}</p>
        )}
        {action === 'submit' && (
          <>
            <label htmlFor={`${id}-comment`}>{t.actions.submitNote}</label>
            <p id={`${id}-hint`} className="studio-hint">
              {t.actions.submitNoteHint}
            </p>
            <textarea id={`${id}-comment`} aria-describedby={`${id}-hint`} maxLength={2000} rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
          </>
        )}
        <div className="studio-actions">
          <button type="submit" className="studio-button" disabled={busy}>
            {busy ? t.actions.working : action === 'sendBack' ? t.actions.sendBack : t.actions.confirm}
          </button>
          <button type="button" className="studio-button studio-button--quiet" onClick={onCancel} disabled={busy}>
            {t.actions.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
