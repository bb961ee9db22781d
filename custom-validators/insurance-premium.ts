// The payment-protection insurance's monthly premium (issue 27): a look-up in a price
// table that lives in the form document's constants (forms/insurance.json
// `constants.insurancePremiums`), so an editor changes prices without code. The browser
// runs it as the JSON-Logic operation `insurancePremium` for the read-only fee beside the
// slider; the server runs the same operation on the same table when it derives the stored
// fee, so the browser's figure is never trusted. engine/core/premium-table.ts refuses a
// table with a gap (forms:check).

/** Prices by age band and tier: `bands[i].premiums[j]` is the monthly premium in euros for `tiers[j]`. */
export interface PremiumTable {
  /** The ages the table covers, inclusive: every age in it belongs to exactly one band. */
  ages: { min: number; max: number };
  /** The insured monthly amounts (the slider's values), ascending. */
  tiers: number[];
  bands: PremiumBand[];
}

export interface PremiumBand {
  minAge: number;
  maxAge: number;
  /** Monthly premium in euros, one per tier, in the order of `tiers`. */
  premiums: number[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The monthly premium for an insured tier at an age, in euros; null while an input is
 * missing or half-typed, or when the table has no price for it (an age outside the
 * table, a tier not in it). Rules run on whatever has been typed, so it never throws.
 */
export function insurancePremium(tier: unknown, age: unknown, table: unknown): number | null {
  if (!isNumber(tier) || !isNumber(age) || !Number.isInteger(age) || !isObject(table)) return null;
  const { tiers, bands } = table;
  if (!Array.isArray(tiers) || !Array.isArray(bands)) return null;
  const column = tiers.indexOf(tier);
  if (column < 0) return null;
  for (const band of bands) {
    if (!isObject(band) || !isNumber(band.minAge) || !isNumber(band.maxAge) || !Array.isArray(band.premiums)) continue;
    if (age < band.minAge || age > band.maxAge) continue;
    const premium = band.premiums[column];
    return isNumber(premium) && premium > 0 ? premium : null;
  }
  return null;
}
