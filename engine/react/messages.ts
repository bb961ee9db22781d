// The renderer's own words (chrome around the fields). Field labels, hints and
// validation messages come from the form document; these come from the app, so the
// engine carries no user-visible text of its own.
export interface RendererMessages {
  /** Error summary heading, e.g. 'Tarkista seuraavat kentät:'. */
  errorSummaryTitle: string;
  /** Visually hidden prefix of a field's error message, e.g. 'Virhe:'. */
  errorPrefix: string;
  /** Prefix of the page title while errors are shown, e.g. 'Virhe: '. */
  errorTitlePrefix: string;
  yes: string;
  no: string;
  /** The empty option of a select. */
  selectPlaceholder: string;
  /** E-mail typo hint, a button that accepts it; `{suggestion}` is replaced. */
  didYouMean: string;
  /** Shown on a postal code the lookup does not know. */
  postalCodeUnknown: string;
  /** Progress line above the steps; `{n}`, `{total}`, `{percent}`. */
  progress: string;
  /** Progress line of a step whose progress is read from the answers (`'answered'`); `{percent}`. */
  progressAnswered: string;
  /** Step eyebrow; `{n}`, `{total}`. */
  stepOf: string;
  /** Summary panel heading. */
  summaryTitle: string;
  /** Shown in the summary panel before any section is complete. */
  summaryEmpty: string;
  /** Edit button of a summary section; `{section}` is replaced. */
  editSection: string;
  /** Accessible name of a slider; `{label}` is replaced. */
  sliderLabel: string;
  /** The currency unit of money fields. */
  currency: string;
  /** Row list: accessible suffix naming the list for add/remove buttons; `{list}`, `{row}`. */
  addRowFor: string;
  removeRowFor: string;
  /** Shown while the continue button waits for the save. */
  saving: string;
  /** Visually hidden after a link in a field's text that opens in a new tab, e.g. '(avautuu uuteen välilehteen)'. */
  opensInNewTab?: string;
}

export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
