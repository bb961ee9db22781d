// A new draft from the live version: the note asked inline, then the live content posted as
// the draft's source. The draft's own editing happens in the draft editor.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { studioApi, type VersionSummary } from './api.ts';
import { studioTexts as t } from './messages.fi.ts';
import { useFocusOnMount } from './useFocusOnMount.ts';

export function NewDraftForm({ item, live, onCreated, onRefused }: { item: string; live: VersionSummary | undefined; onCreated: (number: number) => void; onRefused: (error: unknown) => void }): ReactNode {
  const [open, setOpen] = useState(false);
  const formId = useId();
  if (!live) return null;
  return (
    <section aria-labelledby={`${formId}-title`} className="studio-panel">
      <h2 id={`${formId}-title`}>{t.actions.newDraftTitle}</h2>
      {open ? (
        <NoteForm
          item={item}
          live={live.number}
          onClose={() => setOpen(false)}
          onCreated={(number) => {
            setOpen(false);
            onCreated(number);
          }}
          onRefused={(error) => {
            setOpen(false);
            onRefused(error);
          }}
        />
      ) : (
        <button type="button" className="studio-button" onClick={() => setOpen(true)}>
          {t.actions.newDraft}
        </button>
      )}
    </section>
  );
}

function NoteForm({ item, live, onClose, onCreated, onRefused }: { item: string; live: number; onClose: () => void; onCreated: (number: number) => void; onRefused: (error: unknown) => void }): ReactNode {
  const id = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const focus = useFocusOnMount<HTMLTextAreaElement>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { source } = await studioApi.version(item, live);
      const { version } = await studioApi.createDraft(item, source, note.trim());
      onCreated(version.number);
    } catch (error) {
      onRefused(error);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="studio-form">
      <label htmlFor={`${id}-note`}>{t.actions.newDraftNote}</label>
      <p id={`${id}-hint`} className="studio-hint">
        {t.actions.newDraftNoteHint}
      </p>
      <textarea ref={focus} id={`${id}-note`} aria-describedby={`${id}-hint`} maxLength={1000} rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
      <div className="studio-actions">
        <button type="submit" className="studio-button" disabled={busy}>
          {busy ? t.actions.working : t.actions.create}
        </button>
        <button type="button" className="studio-button studio-button--quiet" onClick={onClose} disabled={busy}>
          {t.actions.cancel}
        </button>
      </div>
    </form>
  );
}
