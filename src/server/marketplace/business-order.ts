// The business offers' order (spec §9): lowest APR first, then the amount closest to the
// applied amount. Nothing else is a key, so fees move an offer only through its APR, where
// Annex I already counts them. Array.prototype.sort is stable (ES2019), so offers equal
// on both keys keep the order they came in (the store's id order: first answer first).

export function orderBusinessOffers<T extends { apr: number; amount: number }>(offers: readonly T[], appliedAmount: number): T[] {
  const distance = (offer: T) => Math.abs(offer.amount - appliedAmount);
  return [...offers].sort((a, b) => a.apr - b.apr || distance(a) - distance(b));
}
