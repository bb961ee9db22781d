// The answers of one application, in one place (issue 31, ADR 0008): the data and the
// runtime's view of it. The page that owns an application makes the store and hands it
// to the wizard; a keystroke sets the store, and only what reads a changed key renders
// again: the edited field (its value), the fields whose visibility, requiredness, title
// or error the view changed (through the wizard's store), summary sections whose
// answers changed, computed values. Neither the page nor the wizard holds the answers in
// React state, so neither renders on a keystroke; what is not React (the copy in
// sessionStorage) subscribes too.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FormData, FormRuntime, FormView } from '../core/index.ts';

export interface AnswersStore {
  readonly runtime: FormRuntime;
  /** The answers now: replaced, never edited in place. */
  get(): FormData;
  /** The runtime's view of get(), made from the previous view (engine/core/view.ts). */
  view(): FormView;
  /** Replaces the answers and tells the subscribers; the same object is no change. */
  set(data: FormData): void;
  /**
   * Calls `listener` after each change of the answers; with `field` (a top-level key),
   * only after a change of that key's value.
   */
  subscribe(listener: () => void, field?: string): () => void;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The top-level keys whose values differ (a key on one side only counts). */
function changedKeys(before: FormData, after: FormData): string[] {
  const changed: string[] = [];
  for (const key in after) if (hasOwn.call(after, key) && (!hasOwn.call(before, key) || !Object.is(before[key], after[key]))) changed.push(key);
  for (const key in before) if (hasOwn.call(before, key) && !hasOwn.call(after, key)) changed.push(key);
  return changed;
}

export function createAnswersStore(runtime: FormRuntime, initial: FormData): AnswersStore {
  let data = initial;
  let view: FormView | undefined;
  const everyChange = new Set<() => void>();
  const byField = new Map<string, Set<() => void>>();
  return {
    runtime,
    get: () => data,
    view: () => (view = view?.data === data ? view : runtime.view(data, view)),
    set(next) {
      if (next === data) return;
      const changed = changedKeys(data, next);
      // The view is made at once from the last one (whichever data it was of: view.ts compares
      // with its snapshot), so a subscriber reading it finds it made.
      view = runtime.view(next, view);
      data = next;
      for (const listener of [...everyChange]) listener();
      for (const key of changed) for (const listener of [...(byField.get(key) ?? [])]) listener();
    },
    subscribe(listener, field) {
      const set = field === undefined ? everyChange : (byField.get(field) ?? byField.set(field, new Set()).get(field)!);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
}

/**
 * A slice of the answers (or of their view): the component renders again only when the
 * slice changes by `equal`; an equal slice keeps its object. With `field`, the slice
 * depends only on that key's value.
 */
export function useAnswers<T>(store: AnswersStore, select: (data: FormData, store: AnswersStore) => T, equal: (a: T, b: T) => boolean = Object.is, field?: string): T {
  const last = useRef<{ data: FormData; select: typeof select; value: T } | null>(null);
  const snapshot = () => {
    const data = store.get();
    const before = last.current;
    if (before !== null && before.data === data && before.select === select) return before.value;
    const value = select(data, store);
    const kept = before !== null && equal(before.value, value) ? before.value : value;
    last.current = { data, select, value: kept };
    return kept;
  };
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener, field), [store, field]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const valueOf = (field: string) => (data: FormData) => data[field];
const selectors = new Map<string, (data: FormData) => unknown>();

/** One answer; renders again only when it changes. */
export function useAnswer(store: AnswersStore, field: string): unknown {
  let select = selectors.get(field);
  if (select === undefined) selectors.set(field, (select = valueOf(field)));
  return useAnswers(store, select, Object.is, field);
}

/** The view of the answers now: renders again with every change (a page's part that reads many answers). */
export function useAnswersView(store: AnswersStore): FormView {
  return useAnswers(store, viewSelect);
}

const viewSelect = (_: FormData, store: AnswersStore) => store.view();
