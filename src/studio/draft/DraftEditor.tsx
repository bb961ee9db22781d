// The studio's draft editor (issue 30): a version of a form document or shared section,
// its outline (steps → sections → fields) beside the selected field's details. Every edit
// goes into the undo history and is saved a moment later with the revision this editor
// last saw; the item's lease is held while the editor is open. Only the draft's author
// edits, and only while no one else holds the lease; everyone else reads.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { applyEdit, resolvedFields, sectionRuleFields, type Edit, type NewField } from '../../../engine/core/studio/edits.ts';
import { canRedo, canUndo, createHistory, current, push, redo, reset, undo, type History } from '../../../engine/core/studio/history.ts';
import { buildTree, isSectionSource } from '../../../engine/core/studio/tree.ts';
import { loadLiveIncluders, loadLiveSections, loadVersion, type DraftVersion } from './api.ts';
import { mayEdit } from './access.ts';
import { AddFieldForm } from './AddFieldForm.tsx';
import { loadLiveSource } from './live-source.ts';
import { Inspector } from './Inspector.tsx';
import { useDraftSession } from './use-draft-session.ts';
import { draftTexts as t } from './messages.fi.ts';
import { OutlineTree } from './OutlineTree.tsx';
import { outlineOf, type OutlineNode } from './outline.ts';
import './draft.css';

type Json = Record<string, unknown>;

export interface DraftEditorProps {
  /** The item key, `document:consumer` or `section:identity`. */
  item: string;
  number: number;
  me: { id: number | string; name: string; roles: string[] };
  /**
   * The draft's revision as stored: when it is loaded and after each save (the preview,
   * src/studio/preview/DraftPreview.tsx, loads the draft anew for each revision).
   */
  onRevision?(revision: number): void;
  /** A field to select (its flat id), as a finding's link names it; selected again when it changes. */
  field?: string;
}

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; version: DraftVersion };


const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit'].includes(target.type)) || target.isContentEditable);

/** Another draft is another editor: its history, autosave and lease start anew. */
export function DraftEditor(props: DraftEditorProps): ReactNode {
  return <OpenDraft key={`${props.item}\0${props.number}`} {...props} />;
}

function OpenDraft({ item, number, me, onRevision, field }: DraftEditorProps): ReactNode {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [history, setHistory] = useState<History<Json> | undefined>();
  // The history as of the last change, for edits made before React renders again (a blur, then a click).
  const historyRef = useRef<History<Json>>(undefined);
  const [sections, setSections] = useState<Record<string, Json>>({});
  // The item's live source: which fields the draft added (undefined until known).
  const [live, setLive] = useState<Json | null | undefined>(undefined);
  // A section's draft: the live documents that include it, where its rules are checked (undefined until read).
  const [documents, setDocuments] = useState<Json[] | undefined>(undefined);
  const [selected, setSelected] = useState<string>();
  const [notice, setNotice] = useState('');
  const loadedOnce = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inspectorRef = useRef<HTMLHeadingElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  const version = loaded.kind === 'ready' ? loaded.version : undefined;
  const authorised = version ? mayEdit(version, me) : false;
  const session = useDraftSession({ item, number, me, revision: version?.revision, authorised });
  const { save, lease, autosave, editable } = session;

  const load = useCallback(async () => {
    // A reload keeps the open draft on screen (and the lease and autosave with it) until the new one is there.
    setLoaded((previous) => (previous.kind === 'ready' ? previous : { kind: 'loading' }));
    const outcome = await loadVersion(item, number);
    if (outcome.kind !== 'loaded') {
      setLoaded((previous) => (previous.kind === 'ready' ? previous : { kind: 'failed' }));
      setNotice(t.loadFailed);
      return;
    }
    setLoaded({ kind: 'ready', version: outcome.version });
    const previous = historyRef.current;
    historyRef.current = previous ? reset(previous, outcome.version.source) : createHistory(outcome.version.source);
    setHistory(historyRef.current);
    if (loadedOnce.current) {
      // A reload (after a conflict, a lease given back): the message that asked for it is gone, the focus goes to the top.
      requestAnimationFrame(() => headingRef.current?.focus());
      setNotice(t.reloaded);
    }
    loadedOnce.current = true;
    autosave.current?.reset(outcome.version.revision);
    const include = outcome.version.source.include;
    if (include && typeof include === 'object') void loadLiveSections(Object.keys(include)).then(setSections);
    if (item.startsWith('section:'))
      void loadLiveIncluders(item.slice('section:'.length)).then((found) => {
        setSections(found.sections);
        setDocuments(found.documents);
      });
    void loadLiveSource(item).then(setLive);
  }, [item, number]);

  useEffect(() => {
    void load();
  }, [load]);

  // Focus the heading once the draft is there, so a screen reader starts from its name.
  const ready = loaded.kind === 'ready';
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready]);

  // The field a link asked for: selected once the draft is there, its details focused, so the
  // finding that led here can be read against it at once.
  useEffect(() => {
    if (!ready || !field) return;
    setSelected(`field:${field}`);
    requestAnimationFrame(() => inspectorRef.current?.focus());
  }, [ready, field]);


  const source = history ? current(history) : undefined;
  const tree = useMemo(() => (source ? buildTree(source, (id) => sections[id]) : undefined), [source, sections]);
  const roots = useMemo(() => (tree ? outlineOf(tree) : []), [tree]);
  // The sections a rule or a new field is checked against: none needed, or every included one loaded.
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  const liveRef = useRef(live);
  liveRef.current = live;
  const documentsRef = useRef(documents);
  documentsRef.current = documents;
  const includes = source && source.include && typeof source.include === 'object' ? Object.keys(source.include) : [];
  const sectionsReady = includes.every((id) => sections[id] !== undefined);
  const context = useMemo(
    () => ({
      loadSection: (id: string) => sectionsRef.current[id],
      get live() {
        return liveRef.current;
      },
      get documents() {
        return documentsRef.current;
      },
    }),
    [],
  );
  const ruleFields = useMemo(() => {
    if (source && isSectionSource(source)) {
      // Its own fields as the section names them (`{party}Email`), read in a document that includes it.
      if (!documents) return undefined;
      const known = sectionRuleFields(source, context);
      return 'fields' in known ? known.fields : undefined;
    }
    if (!source || !sectionsReady || !Array.isArray(source.steps)) return undefined;
    const known = resolvedFields(source, context);
    return 'fields' in known ? known.fields : undefined;
  }, [source, sectionsReady, sections, documents, context]);
  const target = useMemo(() => {
    const find = (nodes: readonly OutlineNode[]): OutlineNode | undefined => {
      for (const node of nodes) {
        if (node.key === selected) return node;
        const inner = find(node.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return selected ? find(roots)?.target : undefined;
  }, [roots, selected]);

  const change = useCallback((next: History<Json>, announce?: string) => {
    historyRef.current = next;
    setHistory(next);
    autosave.current?.change(current(next));
    if (announce) setNotice(announce);
  }, []);

  const edit = useCallback(
    (made: Edit): string | undefined => {
      const history = historyRef.current;
      if (!history || !editable) return undefined;
      const result = applyEdit(current(history), made, context);
      if (!result.ok) {
        setNotice(t.refused(result.reason));
        return result.reason;
      }
      // An edit that changes nothing (a value typed back as it was) is no step to undo.
      if (JSON.stringify(result.source) === JSON.stringify(current(history))) return undefined;
      change(push(history, result.source));
      if (made.type === 'step-move') setSelected(`step:${made.index + made.by}`);
      if (made.type === 'step-move' || made.type === 'field-move') setNotice(t.moved);
      if (made.type === 'rule') setNotice(t.ruleSaved);
      if (made.type === 'include-label') setNotice(t.overrideSaved);
      if (made.type === 'check-rule' || made.type === 'check-message' || made.type === 'check-add') setNotice(t.checkSaved);
      if (made.type === 'check-remove') setNotice(t.checkRemoved);
      if (made.type === 'field-remove') {
        setSelected(undefined);
        setNotice(t.fieldRemoved(made.field));
        requestAnimationFrame(() => inspectorRef.current?.focus());
      }
      return undefined;
    },
    [editable, change, context],
  );

  // A new field is selected, and its details take the focus, so it can be worded at once.
  const addField = useCallback(
    (added: NewField): string | undefined => {
      const refused = edit({ type: 'field-add', ...added });
      if (refused) return refused;
      const first = added.kind === 'month-year' ? `${added.id.trim()}Month` : added.id.trim();
      setSelected(`field:${first}`);
      setNotice(t.fieldAdded(added.label));
      requestAnimationFrame(() => inspectorRef.current?.focus());
      return undefined;
    },
    [edit],
  );

  const doUndo = useCallback(() => {
    const history = historyRef.current;
    if (history && editable && canUndo(history)) change(undo(history), t.undone);
  }, [editable, change]);
  const doRedo = useCallback(() => {
    const history = historyRef.current;
    if (history && editable && canRedo(history)) change(redo(history), t.redone);
  }, [editable, change]);

  // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere in the page, except inside a text being typed (its own undo).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) doUndo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') doRedo();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [doUndo, doRedo]);

  // The stored revision for whoever shows the draft beside the editor.
  const revisionRef = useRef(onRevision);
  revisionRef.current = onRevision;
  const storedRevision = save.state === 'idle' || save.state === 'saved' ? (save.revision || version?.revision) : undefined;
  useEffect(() => {
    if (storedRevision !== undefined) revisionRef.current?.(storedRevision);
  }, [storedRevision]);

  // A conflict asks for the editor's decision: the message takes the focus.
  useEffect(() => {
    if (save.state === 'conflict' || save.state === 'notDraft') conflictRef.current?.focus();
  }, [save.state]);

  const retryLease = async () => {
    // Whoever held it may have saved meanwhile: start from what is stored now.
    if (await session.retryLease()) await load();
  };

  if (loaded.kind === 'loading' && !history) return <p role="status">{t.loading}</p>;
  if (loaded.kind === 'failed' || !version || !source || !tree) {
    return (
      <div role="alert" className="sd-problem">
        <p>{t.loadFailed}</p>
        <button type="button" onClick={() => void load()}>
          {t.tryAgain}
        </button>
      </div>
    );
  }

  const readOnlyReason = version.state !== 'draft' ? t.readOnlyState : !authorised ? t.readOnlyAuthor : undefined;
  return (
    <div className="sd-editor">
      <header className="sd-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {t.heading(tree.title || version.item, version.number)}
        </h1>
        <div className="sd-toolbar">
          <button type="button" onClick={doUndo} disabled={!editable || !canUndo(history!)} aria-keyshortcuts="Control+Z" title={t.undoHint}>
            {t.undo}
          </button>
          <button type="button" onClick={doRedo} disabled={!editable || !canRedo(history!)} aria-keyshortcuts="Control+Shift+Z Control+Y" title={t.redoHint}>
            {t.redo}
          </button>
          <span role="status" aria-live="polite" className={`sd-save sd-save--${save.state}`} data-save-state={save.state}>
            {authorised ? t.saveStates[save.state] : ''}
          </span>
          {save.state === 'failed' ? (
            <button type="button" onClick={() => autosave.current?.retry()}>
              {t.saveRetry}
            </button>
          ) : null}
        </div>
      </header>

      {readOnlyReason ? (
        <p className="sd-readonly" role="note">
          {readOnlyReason}
        </p>
      ) : null}
      {authorised && lease.state === 'taking' ? <p role="status">{t.taking}</p> : null}
      {authorised && (lease.state === 'held' || lease.state === 'failed') ? (
        <div className="sd-readonly" role="alert">
          <p>
            <strong>{lease.state === 'held' && lease.holder ? t.leaseHeld(lease.holder.name) : t.leaseFailed}</strong>
          </p>
          {lease.state === 'held' ? <p>{t.leaseHeldHint}</p> : null}
          <button type="button" onClick={() => void retryLease()}>
            {t.leaseRetry}
          </button>
        </div>
      ) : null}
      {save.state === 'conflict' || save.state === 'notDraft' ? (
        <div className="sd-problem" role="alert" tabIndex={-1} ref={conflictRef}>
          <p>
            <strong>{t.saveStates[save.state]}</strong>
          </p>
          <p>{save.state === 'conflict' ? t.conflictHelp : t.notDraftHelp}</p>
          <button type="button" onClick={() => void load()}>
            {t.reload}
          </button>
        </div>
      ) : null}

      <div className="sd-panes">
        <nav className="sd-outline" aria-label={t.outline}>
          <OutlineTree
            roots={roots}
            label={t.outline}
            selected={selected}
            onSelect={(node) => setSelected(node.key)}
            onActivate={() => requestAnimationFrame(() => inspectorRef.current?.focus())}
          />
          {editable && tree.kind === 'document' ? <AddFieldForm tree={tree} selected={target?.type === 'field' ? target.field.flatId : undefined} onAdd={addField} /> : null}
        </nav>
        <Inspector ref={inspectorRef} source={source as Record<string, any>} target={target} readOnly={!editable} edit={edit} ruleFields={ruleFields} sections={sections} live={live} />
      </div>
      <p className="sd-visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
    </div>
  );
}
