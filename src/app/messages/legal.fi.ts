// The legal pages' frame (src/app/legal/LegalPage.tsx, a chunk of its own); their text is forms/content/legal/.

export const legalTexts = {
  /** The browser tab: `{title}` is the page's, `{brand}` the brand's name. */
  documentTitle: '{title} – {brand}',
  /** Under the heading; `{updated}` is a date (1.11.2026), `{version}` the text's version. */
  meta: 'Päivitetty {updated} · Versio {version}',
};
