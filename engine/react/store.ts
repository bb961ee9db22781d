// What the wizard's fields show that changes as the applicant types: the view of the
// data (visible and required fields, computed values) and the errors shown. Kept in a
// small store rather than in the React context, because every consumer of a context
// renders again when its value changes: with the store each field subscribes to its
// own slice and renders again only when that slice changes (issue 13: a keystroke
// rendered every field of the page).
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FormView } from '../core/index.ts';
import { useWizard, type SummaryItem } from './context.ts';

export interface WizardState {
  view: FormView;
  /** Shown field errors by field path (`list.0.loan`). */
  errors: Readonly<Record<string, string>>;
  /** The error summary of a step; `focus` counts the times it was asked to take focus. */
  summary: { step: number; items: SummaryItem[]; focus: number } | null;
}

export interface WizardStore {
  get(): WizardState;
  /** Replaces the state and tells the subscribers (the wizard does this once a render is committed). */
  set(state: WizardState): void;
  /**
   * Calls `listener` after each change of the state; with `key` (a field or a row's
   * path), only after a change of that field's visibility, requiredness, title, warning or errors.
   */
  subscribe(listener: () => void, key?: string): () => void;
  /** The last `summary.focus` request carried out (by the step's ErrorSummary, once it is on the page). */
  focusHandled: number;
}

const top = (path: string) => (path.includes('.') ? path.slice(0, path.indexOf('.')) : path);

/** The fields (and row paths, and their lists) whose visibility, requiredness, rule-made title, warning or shown error differ. */
function changedKeys(before: WizardState, after: WizardState): Set<string> {
  const changed = new Set<string>();
  const compare = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
    if (a === b) return;
    for (const key of a) if (!b.has(key)) changed.add(key);
    for (const key of b) if (!a.has(key)) changed.add(key);
  };
  compare(before.view.visible, after.view.visible);
  compare(before.view.required, after.view.required);
  const compareByField = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
    if (a === b) return;
    for (const field of Object.keys(a)) if (a[field] !== b[field]) changed.add(field);
    for (const field of Object.keys(b)) if (a[field] !== b[field]) changed.add(field);
  };
  compareByField(before.view.warnings, after.view.warnings);
  compareByField(before.view.titles, after.view.titles);
  if (before.errors !== after.errors) {
    for (const [a, b] of [
      [before.errors, after.errors],
      [after.errors, before.errors],
    ])
      for (const path of Object.keys(a))
        if (a[path] !== b[path]) {
          changed.add(path);
          changed.add(top(path));
        }
  }
  return changed;
}

export function createWizardStore(initial: WizardState): WizardStore {
  let state = initial;
  const everyChange = new Set<() => void>();
  const byKey = new Map<string, Set<() => void>>();
  return {
    focusHandled: 0,
    get: () => state,
    set(next) {
      if (next === state) return;
      const changed = changedKeys(state, next);
      state = next;
      for (const listener of [...everyChange]) listener();
      for (const key of changed) for (const listener of [...(byKey.get(key) ?? [])]) listener();
    },
    subscribe(listener, key) {
      const set = key === undefined ? everyChange : byKey.get(key) ?? byKey.set(key, new Set()).get(key)!;
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}

/**
 * A slice of the wizard's state. The component renders again only when the slice
 * changes by `equal` (by default the same value); an equal slice keeps its object.
 * With `key`, the slice depends only on that field's part of the state (see subscribe).
 */
export function useWizardState<T>(select: (state: WizardState) => T, equal: (a: T, b: T) => boolean = Object.is, key?: string): T {
  const { store } = useWizard();
  const last = useRef<{ state: WizardState; select: (state: WizardState) => T; value: T } | null>(null);
  const snapshot = () => {
    const state = store.get();
    const before = last.current;
    if (before !== null && before.state === state && before.select === select) return before.value;
    const value = select(state);
    const kept = before !== null && equal(before.value, value) ? before.value : value;
    last.current = { state, select, value: kept };
    return kept;
  };
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener, key), [store, key]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export interface FieldView {
  visible: boolean;
  required: boolean;
  error: string | undefined;
  /** A notice that does not stop the step (the document's `rules.warnings`); an error takes its place. */
  warning: string | undefined;
}

const sameField = (a: FieldView, b: FieldView) => a.visible === b.visible && a.required === b.required && a.error === b.error && a.warning === b.warning;

/** A field's visibility, requiredness, shown error and warning (`field` may be a row's path). */
export function useFieldView(field: string): FieldView {
  return useWizardState(
    (state) => {
      const error = state.errors[field];
      return { visible: state.view.visible.has(field), required: state.view.required.has(field), error, warning: error ? undefined : state.view.warnings[field] };
    },
    sameField,
    field,
  );
}

function sameErrors(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The shown errors of a list's rows (`list.0.loan`, …), by path. */
export function useRowErrors(list: string): Readonly<Record<string, string>> {
  const prefix = `${list}.`;
  return useWizardState((state) => {
    const found: Record<string, string> = {};
    for (const [path, message] of Object.entries(state.errors)) if (path.startsWith(prefix)) found[path] = message;
    return found;
  }, sameErrors, list);
}

/** One of the document's `rules.computed` values for the current answers (application content beside a field). */
export function useComputed(name: string): unknown {
  return useWizardState((state) => state.view.computed[name]);
}
