// The Finnish wording of a form diff: how values, limits and schema keywords read to an
// editor who never sees the JSON. Kept apart from the comparison so the words can be
// reviewed (and corrected) in one place.

/** U+00A0: a thousands group never breaks across lines ("70 000"), as Finnish typography wants. */
export const THOUSANDS_SEPARATOR = '\u00a0';

/** 70000 → "70 000", 15.9 → "15,9", -2500 → "-2 500"; four-digit numbers are grouped too ("2 000"). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(Math.abs(value));
  // Exponent notation (1e21, 1e-7) has no digits to group; it is left as JavaScript writes it.
  if (/e/i.test(text)) return (value < 0 ? '-' : '') + text.replace('.', ',');
  const [whole, fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS_SEPARATOR);
  return (value < 0 ? '-' : '') + grouped + (fraction ? `,${fraction}` : '');
}

export const quote = (text: string): string => `"${text}"`;

/** A value as an editor reads it: numbers Finnish style, texts quoted, objects as `key value` pairs. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(ei arvoa)';
  if (value === null) return 'tyhjä';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'boolean') return value ? 'kyllä' : 'ei';
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length ? entries.map(([key, inner]) => `${key} ${formatValue(inner)}`).join(', ') : '{}';
  }
  return String(value);
}

/** `name a → b`, `name lisätty: b`, `name poistettu (oli a)`; without a name `a → b`, `lisätty b`, `poistettu (oli a)`. */
export function describeChange(name: string, before: unknown, after: unknown, format: (value: unknown) => string = formatValue): string {
  const lead = name ? `${name} ` : '';
  if (before === undefined) return `${lead}lisätty${name ? ':' : ''} ${format(after)}`;
  if (after === undefined) return `${lead}poistettu (oli ${format(before)})`;
  return `${lead}${format(before)} → ${format(after)}`;
}

/** Finnish names of the JSON Schema limits an editor changes. */
export const LIMIT_NAMES: Record<string, string> = {
  minimum: 'vähimmäismäärä',
  maximum: 'enimmäismäärä',
  exclusiveMinimum: 'poissulkeva alaraja',
  exclusiveMaximum: 'poissulkeva yläraja',
  minLength: 'vähimmäispituus',
  maxLength: 'enimmäispituus',
  minItems: 'rivejä vähintään',
  maxItems: 'rivejä enintään',
  multipleOf: 'askel',
  pattern: 'sallittu muoto',
};

/** The project's Finnish keywords (custom-validators), as the check an editor knows them by. */
export const VALIDATOR_NAMES: Record<string, string> = {
  fiPersonalId: 'henkilötunnuksen tarkistus',
  fiPhone: 'puhelinnumeron tarkistus',
  fiEmail: 'sähköpostiosoitteen tarkistus',
  fiIban: 'tilinumeron tarkistus',
  fiPostalCode: 'postinumeron tarkistus',
  fiBusinessId: 'Y-tunnuksen tarkistus',
  fiYear: 'vuosiluvun tarkistus',
};

export const TYPE_NAMES: Record<string, string> = {
  string: 'teksti',
  number: 'luku',
  integer: 'kokonaisluku',
  boolean: 'kyllä/ei',
  array: 'lista',
  object: 'ryhmä',
  null: 'tyhjä',
};

export function formatType(type: unknown): string {
  if (typeof type === 'string') return TYPE_NAMES[type] ?? type;
  if (Array.isArray(type)) return type.map(formatType).join(' tai ');
  return formatValue(type);
}

/** A Finnish keyword's value: `true` means the check is simply on; an object lists its settings. */
export function formatValidatorValue(value: unknown): string {
  return value === true ? 'käytössä' : value === false ? 'ei käytössä' : formatValue(value);
}

/** RJSF uiSchema keys as an editor knows them. */
export const UI_NAMES: Record<string, string> = {
  'ui:widget': 'syöttötapa',
  'ui:options': 'asetus',
  'ui:help': 'ohjeteksti',
  'ui:placeholder': 'esimerkkiteksti',
  'ui:autocomplete': 'automaattinen täyttö',
  'ui:title': 'otsikko lomakkeella',
  'ui:description': 'kuvaus',
};
