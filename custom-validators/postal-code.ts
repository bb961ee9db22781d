// Finnish postal code: exactly five digits (00100 Helsinki … 99999 Korvatunturi).
// No trimming here: forms apply the `trim` normaliser before validation.

export type PostalCodeCode = 'invalid';

export function checkPostalCode(value: string, _options?: unknown): PostalCodeCode | null {
  return typeof value === 'string' && /^\d{5}$/.test(value) ? null : 'invalid';
}
