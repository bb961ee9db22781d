import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  COMMON_EMAIL_DOMAINS,
  normalizeEmail,
  suggestEmail,
} from '../../../custom-validators/email.ts';
import { editDistance } from '../../../custom-validators/edit-distance.ts';

describe('normalizeEmail', () => {
  it.each([
    ['  Matti.M@GMAIL.COM ', 'Matti.M@gmail.com'],
    ['matti@example.fi', 'matti@example.fi'],
    ['no-at-sign ', 'no-at-sign'],
    ['"a@b"@EXAMPLE.FI', '"a@b"@example.fi'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('checkEmail', () => {
  const local64 = 'a'.repeat(64);
  const cases: Array<[string, string | null]> = [
    ['matti.meikalainen@example.fi', null],
    ['Matti.Meikalainen@Example.FI', null],
    ['liisa+laina@posti.example.com', null],
    ["o'brien@example.ie", null],
    ['info@äänekoski.fi', null],
    ['  matti@example.fi  ', null], // the email normaliser trims anyway
    [`${local64}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(60)}.fi`, null], // 254 characters
    [`${local64}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(61)}.fi`, 'invalid'], // 255
    [`${'a'.repeat(65)}@example.fi`, 'invalid'],
    ['matti@', 'invalid'],
    ['@example.fi', 'invalid'],
    ['matti', 'invalid'],
    ['matti@example', 'invalid'],
    ['matti@example.f', 'invalid'],
    ['matti@example.123', 'invalid'],
    ['matti@@example.fi', 'invalid'],
    ['matti@exa mple.fi', 'invalid'],
    ['matti meikalainen@example.fi', 'invalid'],
    ['matti..m@example.fi', 'invalid'],
    ['.matti@example.fi', 'invalid'],
    ['matti.@example.fi', 'invalid'],
    ['matti@-example.fi', 'invalid'],
    ['matti@example-.fi', 'invalid'],
    ['matti@example..fi', 'invalid'],
    ['matti@example.fi, liisa@example.fi', 'invalid'],
    ['Matti <matti@example.fi>', 'invalid'],
    ['', 'invalid'],
  ];
  it.each(cases)('%j → %s', (input, code) => {
    expect(checkEmail(input, true)).toBe(code);
  });
});

describe('suggestEmail', () => {
  const cases: Array<[string, string, string | null]> = [
    ['transposition', 'matti@gmial.com', 'matti@gmail.com'],
    ['wrong TLD letter', 'x@hotmail.con', 'x@hotmail.com'],
    ['exact match', 'a@gmail.com', null],
    ['exact match after normalising', ' a@GMAIL.COM', null],
    ['far-off domain', 'a@firma-oy.fi', null],
    ['far-off domain, real TLD', 'a@example.org', null],
    ['keeps the local part as typed', 'Matti.Meikalainen@gmail.co', 'Matti.Meikalainen@gmail.com'],
    ['two edits', 'x@gmaill.con', 'x@gmail.com'],
    ['missing dot', 'x@gmailcom', 'x@gmail.com'],
    ['Finnish provider', 'x@saunalahti.fii', 'x@saunalahti.fi'],
    ['Finnish provider', 'x@suomi42.fi', 'x@suomi24.fi'],
    ['closest wins: hotmail.fi over hotmail.com', 'x@hotmial.fi', 'x@hotmail.fi'],
    ['closest wins: hotmail.fi (1) over hotmail.com (2)', 'x@hotmail.f', 'x@hotmail.fi'],
    ['tie → list order: hotmail.com before hotmail.fi', 'x@hotmail.c', 'x@hotmail.com'],
    ['tie → list order: me.com before msn.com', 'x@ms.com', 'x@me.com'],
    ['TLD only: con', 'x@firma.con', 'x@firma.com'],
    ['TLD only: transposed', 'x@firma.cmo', 'x@firma.com'],
    ['TLD only: fii', 'x@firma.fii', 'x@firma.fi'],
    ['TLD only: if', 'x@firma.if', 'x@firma.fi'],
    ['TLD only: two edits to com', 'x@firma.cmoo', 'x@firma.com'],
    ['real ccTLD is not a typo', 'x@firma.de', null],
    ['real ccTLD next to eu', 'x@firma.ee', null],
    ['real gTLD', 'x@yliopisto.edu', null],
    ['provider in another country', 'x@hotmail.se', null],
    ['provider in another country', 'x@live.se', null],
    ['real provider one edit from gmail', 'x@ymail.com', null],
    ['real provider one edit from gmail', 'x@mail.com', null],
    ['real provider two edits from me.com', 'x@mac.com', null],
    ['no domain', 'x@', null],
    ['no local part', '@gmial.com', null],
    ['no at sign', 'gmial.com', null],
  ];
  it.each(cases)('%s: %j → %j', (_label, input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it('never suggests for a listed provider', () => {
    for (const domain of COMMON_EMAIL_DOMAINS) expect(suggestEmail(`matti@${domain}`)).toBeNull();
  });

  it('a suggestion is always a different, nearby domain', () => {
    const domain = fc.oneof(
      fc.constantFrom(...COMMON_EMAIL_DOMAINS).chain((d) =>
        fc.tuple(fc.nat(d.length - 1), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz.')).map(
          ([i, c]) => d.slice(0, i) + c + d.slice(i + 1),
        ),
      ),
      fc.stringMatching(/^[a-z]{1,10}\.[a-z]{2,4}$/),
    );
    let runs = 0;
    let suggested = 0;
    fc.assert(
      fc.property(domain, (d) => {
        runs++;
        const suggestion = suggestEmail(`matti@${d}`);
        if (suggestion === null) return;
        suggested++;
        const suggestedDomain = suggestion.slice('matti@'.length);
        expect(suggestedDomain).not.toBe(d);
        expect(editDistance(d, suggestedDomain)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 1000 },
    );
    // Without this the property holds for a suggestEmail that never suggests. Half
    // the inputs are one-letter slips in a listed provider, nearly all of which get a hint.
    expect(runs).toBe(1000);
    expect(suggested).toBeGreaterThan(runs / 4);
  });

  it('suggests for the typical slips', () => {
    expect(suggestEmail('matti@gmial.com')).toBe('matti@gmail.com');
    expect(suggestEmail('matti@hotmail.con')).toBe('matti@hotmail.com');
    expect(suggestEmail('matti@outlok.com')).toBe('matti@outlook.com');
  });

  // The real domains one substitution away from a listed provider; only these (and
  // the listed providers themselves) may go without a hint.
  const REAL_ONE_SLIP_AWAY = ['ymail.com', 'email.com'];

  it('every one-letter slip in a listed provider gets a hint back to a listed provider', () => {
    const missed: string[] = [];
    let slips = 0;
    for (const domain of COMMON_EMAIL_DOMAINS) {
      for (let i = 0; i < domain.length; i++) {
        for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789-') {
          const slip = domain.slice(0, i) + c + domain.slice(i + 1);
          if (COMMON_EMAIL_DOMAINS.includes(slip) || REAL_ONE_SLIP_AWAY.includes(slip)) continue;
          slips++;
          const suggestion = suggestEmail(`matti@${slip}`);
          if (suggestion === null || !COMMON_EMAIL_DOMAINS.includes(suggestion.slice('matti@'.length))) missed.push(`${slip} → ${suggestion}`);
        }
      }
    }
    expect(slips).toBeGreaterThan(5000);
    expect(missed).toEqual([]);
  });
});

// Plain Levenshtein, for comparison.
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

describe('editDistance', () => {
  it.each([
    ['gmial', 'gmail', 1],
    ['gmail', 'gmail', 0],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['hotmail.con', 'hotmail.com', 1],
    ['ca', 'abc', 3], // optimal string alignment: no edits inside a transposed pair
  ])('%j ↔ %j = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
  it('is never more than Levenshtein and at least half of it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBeLessThanOrEqual(levenshtein(a, b));
        expect(2 * d).toBeGreaterThanOrEqual(levenshtein(a, b));
      }),
    );
  });
});
