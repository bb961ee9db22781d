// Euro amounts typed into a text input. Finnish users write `1 234,50`; some
// paste `1234.50`. Spec §5: money inputs keep digits and one decimal point, and
// commas become dots. Two functions with two jobs:
//
// - normalizeMoneyInput is what the input shows while the applicant types: a comma
//   becomes a dot and is the decimal point (the first one wins); anything else that
//   is not a digit (digit-grouping spaces, the no-break space fi-FI formatting
//   inserts, '€', a minus sign, a stray letter) is dropped. A number written in
//   another notation ('1e309', '2E3', '0x10') is left as typed: dropping its letter
//   would silently make it another number (1309), so it is refused instead.
// - parseMoney reads an amount as the engine, and so the server, does: digits with
//   optional grouping spaces, at most one decimal separator (comma or dot) and an
//   optional trailing '€'. Anything else is not an amount.

/** Exponent or radix notation: a number to JavaScript, not an amount to a person. */
const OTHER_NOTATION = /\d\s*e\s*[+-]?\s*\d|^\s*[+-]?0[xob]/i;

const AMOUNT = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** True for text such as '1e309' or '0x10' that Number() reads but no one types as an amount. */
export function isOtherNumberNotation(raw: string): boolean {
  return OTHER_NOTATION.test(raw);
}

export function normalizeMoneyInput(raw: string): string {
  if (isOtherNumberNotation(raw)) return raw;
  const kept = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const firstDot = kept.indexOf('.');
  if (firstDot === -1) return kept;
  return kept.slice(0, firstDot + 1) + kept.slice(firstDot + 1).replace(/\./g, '');
}

/** The amount as a number, or null when the text is not an amount (nothing typed, letters, '1e309', too large). */
export function parseMoney(raw: string): number | null {
  const compact = raw.replace(/\s+/g, '').replace(/€$/, '');
  if (!AMOUNT.test(compact)) return null;
  const amount = Number(compact.replace(',', '.'));
  return Number.isFinite(amount) ? amount : null;
}

/**
 * What a number input hands the form for the text it shows (after normalizeMoneyInput):
 * nothing when no digit was typed (an empty field), the number when the text is one,
 * and otherwise the text itself, which validation refuses with the document's
 * `type.number` message ('Vain numeroita') instead of a guess.
 */
export function numberInputValue(text: string): number | string | undefined {
  if (!/\d/.test(text)) return undefined;
  return parseMoney(text) ?? text;
}
