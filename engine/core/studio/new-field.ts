// The fields an editor can add in the studio, written the way forms/ already writes a
// field of that kind (format 2), so a new field looks and behaves like its neighbours:
// money as consumer's amounts and the sections' incomes (number, `normalize: money`, the
// money widget), a choice as business's selects (integer codes in `oneOf`), a checkbox
// as `hasCoApplicant`, a month and year as the work section's pair of selects, rows as
// the loans section's lists (an array of objects with a label per row property).

type Json = Record<string, unknown>;

export const NEW_FIELD_KINDS = ['text', 'money', 'choice', 'checkbox', 'month-year', 'rows'] as const;
export type NewFieldKind = (typeof NEW_FIELD_KINDS)[number];

/** Starter texts of a new field; the editor renames them in the inspector. */
export const starterTexts = {
  option: (n: number) => `Vaihtoehto ${n}`,
  month: (label: string) => `${label} (kuukausi)`,
  year: (label: string) => `${label} (vuosi)`,
  rowAmount: (label: string) => `${label} {n}: määrä`,
  rowLabel: (label: string) => `${label} {n}`,
  addRow: 'Lisää rivi',
  removeRow: 'Poista rivi',
};

const MONTHS = ['Tammikuu', 'Helmikuu', 'Maaliskuu', 'Huhtikuu', 'Toukokuu', 'Kesäkuu', 'Heinäkuu', 'Elokuu', 'Syyskuu', 'Lokakuu', 'Marraskuu', 'Joulukuu'];

/**
 * The written fields a new field of a kind is, by id, in the order the step shows them: one
 * field, except a month and year, which forms/ asks as two (`<id>Month`, `<id>Year`).
 */
export function newFields(id: string, kind: NewFieldKind, label: string): Array<[string, Json]> {
  switch (kind) {
    case 'text':
      return [[id, { schema: { type: 'string', title: label, maxLength: 200 }, label }]];
    case 'money':
      return [[id, { schema: { type: 'number', title: label, minimum: 0, maximum: 100000 }, label, normalize: 'money', ui: { 'ui:widget': 'money' } }]];
    case 'choice':
      return [[id, { schema: { type: 'integer', title: label, oneOf: [1, 2].map((code) => ({ const: code, title: starterTexts.option(code) })) }, label, ui: { 'ui:widget': 'select' } }]];
    case 'checkbox':
      return [[id, { schema: { type: 'boolean', title: label, default: false }, label, ui: { 'ui:widget': 'checkbox' } }]];
    case 'month-year':
      return [
        [`${id}Month`, { schema: { type: 'integer', title: starterTexts.month(label), oneOf: MONTHS.map((title, at) => ({ const: at + 1, title })) }, label: starterTexts.month(label), ui: { 'ui:widget': 'monthSelect' } }],
        [`${id}Year`, { schema: { type: 'integer', title: starterTexts.year(label), fiYear: { past: 76 } }, label: starterTexts.year(label), ui: { 'ui:widget': 'yearSelect' } }],
      ];
    case 'rows':
      return [
        [
          id,
          {
            schema: {
              type: 'array',
              title: label,
              minItems: 1,
              maxItems: 10,
              items: { type: 'object', additionalProperties: false, required: ['amount'], properties: { amount: { type: 'number', minimum: 0, maximum: 1000000 } } },
            },
            label,
            rows: { amount: { label: starterTexts.rowAmount(label) } },
            ui: { 'ui:widget': 'rowList', 'ui:options': { addLabel: starterTexts.addRow, removeLabel: starterTexts.removeRow, rowLabel: starterTexts.rowLabel(label) } },
          },
        ],
      ];
  }
}
