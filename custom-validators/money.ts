// Euro amounts typed into a text input. Finnish users write `1 234,50`; some
// paste `1234.50`; the input filters keystrokes through normalizeMoneyInput so
// the field never holds anything parseMoney cannot read.
//
// Only a comma or a dot is a decimal separator and the first one wins. Spaces
// (including the no-break space fi-FI formatting inserts) are digit grouping.
// A minus sign is dropped: no amount on these forms is negative.

export function normalizeMoneyInput(raw: string): string {
  const kept = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const firstDot = kept.indexOf('.');
  if (firstDot === -1) return kept;
  return kept.slice(0, firstDot + 1) + kept.slice(firstDot + 1).replace(/\./g, '');
}

/** The amount as a number, or null when nothing numeric was typed. */
export function parseMoney(raw: string): number | null {
  const normalized = normalizeMoneyInput(raw);
  if (!/\d/.test(normalized)) return null;
  const amount = Number(normalized);
  return Number.isFinite(amount) ? amount : null;
}
