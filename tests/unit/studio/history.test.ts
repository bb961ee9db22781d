// Undo and redo over the sources the studio's edits make.
import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, current, push, redo, reset, undo } from '../../../engine/core/studio/history.ts';

describe('history', () => {
  it('undoes and redoes in order', () => {
    let history = push(push(createHistory('a'), 'b'), 'c');
    expect(current(history)).toBe('c');
    expect(canRedo(history)).toBe(false);
    history = undo(history);
    expect(current(history)).toBe('b');
    history = undo(history);
    expect(current(history)).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(redo(history));
    expect(current(history)).toBe('c');
    expect(redo(history)).toBe(history);
  });

  it('drops what was undone when a new edit comes', () => {
    let history = push(push(createHistory('a'), 'b'), 'c');
    history = push(undo(undo(history)), 'x');
    expect(history.entries).toEqual(['a', 'x']);
    expect(canRedo(history)).toBe(false);
    expect(current(undo(history))).toBe('a');
  });

  it('keeps at most its limit, dropping the oldest', () => {
    let history = createHistory(0, 3);
    for (let i = 1; i <= 5; i++) history = push(history, i);
    expect(history.entries).toEqual([3, 4, 5]);
    expect(current(history)).toBe(5);
    history = undo(undo(history));
    expect(current(history)).toBe(3);
    expect(canUndo(history)).toBe(false);
  });

  it('starts over from a reloaded state', () => {
    const history = reset(push(createHistory('a', 7), 'b'), 'z');
    expect(history).toEqual({ entries: ['z'], at: 0, limit: 7 });
  });
});
