// Half away from zero, as people and banks round euros, and shifted in decimal
// notation so that 1.005 rounds to 1.01 rather than to the binary float just
// below it.
export function roundHalfAwayFromZero(x: number, digits = 0): number {
  if (!Number.isFinite(x) || x === 0) return x === 0 ? 0 : x;
  const shifted = Math.round(shiftDecimal(Math.abs(x), digits));
  return Math.sign(x) * shiftDecimal(shifted, -digits);
}

function shiftDecimal(x: number, places: number): number {
  const [mantissa, exponent = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
