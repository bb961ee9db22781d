// The town a postal code field fills in (`ui:options.cityField`) belongs to the code it
// was found for. Once the code is changed to another one (a different code, a partial
// one, an unknown one), that town is stale and goes with it, so 'Tarkasta postinumero'
// never stands beside the previous code's town (issue 25 item 13). A town the applicant
// typed themselves is theirs and stays.

/** The town written for a code: by the lookup, or the pair the field was opened with. */
export interface FilledTown {
  code: string;
  town: string;
}

/** Whether the city field's value is the town filled for another code than `code`. */
export function isStaleTown(filled: FilledTown | null, code: string, city: unknown): boolean {
  return filled !== null && code !== filled.code && city === filled.town;
}

/** The pair a field opens with counts as filled when the code is a whole one and a town stands beside it. */
export function openingTown(code: unknown, city: unknown, isWholeCode: (code: string) => boolean): FilledTown | null {
  return typeof code === 'string' && isWholeCode(code.trim()) && typeof city === 'string' && city !== '' ? { code: code.trim(), town: city } : null;
}
