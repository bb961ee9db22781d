// The offers answers kept between polls (issue 31 goal 4): one per application, for one query,
// and never more characters than the budget, the least recently polled going first.
import { expect, it } from 'vitest';
import { AnswerCache } from '../../../src/server/marketplace/answer-cache.ts';

const answer = (body: string, query = 'q', version = 'v1') => ({ query, version, body });

it('gives back an application’s answer for the same query only', () => {
  const cache = new AnswerCache(100);
  cache.set(1, answer('{"a":1}'));
  expect(cache.get(1, 'q')).toEqual(answer('{"a":1}'));
  expect(cache.get(1, 'other query')).toBeUndefined();
  expect(cache.get(2, 'q')).toBeUndefined();
});

it('keeps one answer per application: a new one replaces the old in the budget too', () => {
  const cache = new AnswerCache(100);
  cache.set(1, answer('x'.repeat(40)));
  cache.set(1, answer('y'.repeat(30), 'q', 'v2'));
  expect(cache.get(1, 'q')?.version).toBe('v2');
  expect(cache.used).toBe(30);
});

it('lets the least recently polled go when the budget is full', () => {
  const cache = new AnswerCache(100);
  cache.set(1, answer('a'.repeat(40)));
  cache.set(2, answer('b'.repeat(40)));
  // Application 1 polls again: 2 is now the oldest.
  expect(cache.get(1, 'q')).toBeDefined();
  cache.set(3, answer('c'.repeat(40)));
  expect(cache.get(2, 'q')).toBeUndefined();
  expect(cache.get(1, 'q')).toBeDefined();
  expect(cache.get(3, 'q')).toBeDefined();
  expect(cache.used).toBeLessThanOrEqual(100);
});

it('does not keep an answer larger than the whole budget', () => {
  const cache = new AnswerCache(10);
  cache.set(1, answer('x'.repeat(11)));
  expect(cache.get(1, 'q')).toBeUndefined();
  expect(cache.used).toBe(0);
});
