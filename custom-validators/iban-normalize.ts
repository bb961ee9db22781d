// Apart from the IBAN check (iban.ts) because the normalisers run on every page and the
// check only on the step that asks for an account: the check's ibantools comes with that step.

/** People paste IBANs in the printed four-character groups and in any case. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
