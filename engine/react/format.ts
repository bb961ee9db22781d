// Numbers as a Finnish reader expects them: no-break space between thousands,
// comma before decimals.
const integer = new Intl.NumberFormat('fi-FI', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fi-FI', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return (Number.isInteger(value) ? integer : decimal).format(value);
}

/** `unitOne` is the singular a language needs after 1 ("1 vuosi", "2 vuotta"). */
export function withUnit(value: number, unit: string | undefined, unitOne?: string): string {
  const word = value === 1 && unitOne ? unitOne : unit;
  return word ? `${formatNumber(value)}\u00a0${word}` : formatNumber(value);
}
