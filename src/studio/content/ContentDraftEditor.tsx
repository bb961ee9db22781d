// The draft editor of content that is not a form (issue 30: the banners, a legal page): the
// version's JSON source in a labelled text box. A text that parses to an object is saved a moment
// after typing stops (the draft editor's autosave, with the revision last seen), one that does
// not is shown as a Finnish error and not saved; the item's lease is held while the editor is
// open. The publish gate checks the content itself; this only keeps unparsable text out.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { loadVersion, type DraftVersion } from '../draft/api.ts';
import { mayEdit } from '../draft/access.ts';
import { draftTexts } from '../draft/messages.fi.ts';
import { useDraftSession } from '../draft/use-draft-session.ts';
import { fill, studioTexts } from '../messages.fi.ts';
import { formatSource, parseContentSource } from './parse.ts';
import '../draft/draft.css';
import './content.css';

const t = studioTexts.contentDraft;

export interface ContentDraftEditorProps {
  /** The item key: `content:banners`, `content:legal/kayttoehdot`. */
  item: string;
  number: number;
  me: { id: number | string; name: string; roles: string[] };
}

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; version: DraftVersion };

export function ContentDraftEditor(props: ContentDraftEditorProps): ReactNode {
  // Another draft is another editor: its text, autosave and lease start anew.
  return <OpenContentDraft key={`${props.item}\0${props.number}`} {...props} />;
}

function OpenContentDraft({ item, number, me }: ContentDraftEditorProps): ReactNode {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { source: useId(), hint: useId(), error: useId() };

  const version = loaded.kind === 'ready' ? loaded.version : undefined;
  const authorised = version ? mayEdit(version, me) : false;
  const session = useDraftSession({ item, number, me, revision: version?.revision, authorised });
  const { save, lease, autosave, editable } = session;
  const parsed = parseContentSource(text);

  const load = useCallback(async () => {
    setLoaded((previous) => (previous.kind === 'ready' ? previous : { kind: 'loading' }));
    const outcome = await loadVersion(item, number);
    if (outcome.kind !== 'loaded') {
      setLoaded((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' }));
      return;
    }
    setLoaded({ kind: 'ready', version: outcome.version });
    setText(formatSource(outcome.version.source));
    autosave.current?.reset(outcome.version.revision);
  }, [item, number]);

  useEffect(() => {
    void load();
  }, [load]);

  const ready = loaded.kind === 'ready';
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready]);


  const onChange = (next: string) => {
    setText(next);
    const checked = parseContentSource(next);
    // Only a text that is content is saved; the last good one stays stored meanwhile.
    if (checked.ok) autosave.current?.change(checked.source);
  };

  if (loaded.kind === 'loading') return <p role="status">{draftTexts.loading}</p>;
  if (loaded.kind === 'failed' || !version) {
    return (
      <div role="alert" className="sd-problem">
        <p>{draftTexts.loadFailed}</p>
        <button type="button" onClick={() => void load()}>
          {draftTexts.tryAgain}
        </button>
      </div>
    );
  }

  const readOnlyReason = version.state !== 'draft' ? draftTexts.readOnlyState : !authorised ? draftTexts.readOnlyAuthor : undefined;
  return (
    <div className="sd-editor" data-content-editor={item}>
      <header className="sd-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {fill(t.heading, { item, number })}
        </h1>
        <span role="status" aria-live="polite" className={`sd-save sd-save--${save.state}`} data-save-state={save.state}>
          {authorised ? draftTexts.saveStates[save.state] : ''}
        </span>
        {save.state === 'failed' ? (
          <button type="button" onClick={() => autosave.current?.retry()}>
            {draftTexts.saveRetry}
          </button>
        ) : null}
      </header>
      {readOnlyReason ? (
        <p className="sd-readonly" role="note">
          {readOnlyReason}
        </p>
      ) : null}
      {authorised && lease.state === 'taking' ? <p role="status">{draftTexts.taking}</p> : null}
      {authorised && (lease.state === 'held' || lease.state === 'failed') ? (
        <div className="sd-readonly" role="alert">
          <p>
            <strong>{lease.state === 'held' && lease.holder ? draftTexts.leaseHeld(lease.holder.name) : draftTexts.leaseFailed}</strong>
          </p>
          <button type="button" onClick={() => void session.retryLease().then((mine) => (mine ? load() : undefined))}>
            {draftTexts.leaseRetry}
          </button>
        </div>
      ) : null}
      {save.state === 'conflict' || save.state === 'notDraft' ? (
        <div className="sd-problem" role="alert">
          <p>
            <strong>{draftTexts.saveStates[save.state]}</strong>
          </p>
          <p>{save.state === 'conflict' ? draftTexts.conflictHelp : draftTexts.notDraftHelp}</p>
          <button type="button" onClick={() => void load()}>
            {draftTexts.reload}
          </button>
        </div>
      ) : null}
      <label htmlFor={ids.source}>{t.sourceLabel}</label>
      <p id={ids.hint}>{t.sourceHint}</p>
      <textarea
        id={ids.source}
        className="sd-content-source"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        readOnly={!editable}
        spellCheck={false}
        rows={30}
        aria-invalid={!parsed.ok}
        aria-describedby={parsed.ok ? ids.hint : `${ids.hint} ${ids.error}`}
      />
      {/* Always in the page, so a screen reader hears the error when it appears. */}
      <p id={ids.error} role="alert" className="sd-content-error">
        {parsed.ok ? '' : parsed.message}
      </p>
    </div>
  );
}
