// The studio's undo and redo: a bounded list of sources and where the editor is in it.
// Immutable like the edits, so a React state can hold it as it is.

export interface History<T> {
  /** Every state kept, oldest first. */
  readonly entries: readonly T[];
  /** The index of the current state in `entries`. */
  readonly at: number;
  /** How many states are kept at most; the oldest are dropped past it. */
  readonly limit: number;
}

export const DEFAULT_HISTORY_LIMIT = 100;

export function createHistory<T>(initial: T, limit = DEFAULT_HISTORY_LIMIT): History<T> {
  return { entries: [initial], at: 0, limit: Math.max(1, Math.floor(limit)) };
}

export const current = <T>(history: History<T>): T => history.entries[history.at];
export const canUndo = <T>(history: History<T>): boolean => history.at > 0;
export const canRedo = <T>(history: History<T>): boolean => history.at < history.entries.length - 1;

/** A new state after the current one: what was undone before it can no longer be redone. */
export function push<T>(history: History<T>, next: T): History<T> {
  const entries = [...history.entries.slice(0, history.at + 1), next];
  const dropped = Math.max(0, entries.length - history.limit);
  return { entries: entries.slice(dropped), at: entries.length - 1 - dropped, limit: history.limit };
}

export const undo = <T>(history: History<T>): History<T> => (canUndo(history) ? { ...history, at: history.at - 1 } : history);
export const redo = <T>(history: History<T>): History<T> => (canRedo(history) ? { ...history, at: history.at + 1 } : history);

/** Starts over from a state (a reloaded version): nothing to undo or redo. */
export const reset = <T>(history: History<T>, state: T): History<T> => createHistory(state, history.limit);
