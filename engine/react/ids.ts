// DOM ids derived from field paths, so an error summary link, a blur event and a
// widget agree on which element belongs to which field without a lookup table.
// RJSF builds ids as prefix + separator + path segments; these helpers do the same.
export const ID_PREFIX = 'field';
export const ID_SEPARATOR = '--';

/** `list.0.loan` → `field--list--0--loan` (the id RJSF gives the same path). */
export function fieldDomId(field: string): string {
  return [ID_PREFIX, ...field.split('.')].join(ID_SEPARATOR);
}

/** The inverse of fieldDomId; null for ids that are not field ids. */
export function fieldFromDomId(id: string): string | null {
  const head = ID_PREFIX + ID_SEPARATOR;
  return id.startsWith(head) ? id.slice(head.length).split(ID_SEPARATOR).join('.') : null;
}

export const stepDomId = (step: number) => `step-${step}`;
export const stepHeadingId = (step: number) => `step-${step}-title`;
export const errorId = (id: string) => `${id}__error`;
export const helpId = (id: string) => `${id}__help`;
export const warningId = (id: string) => `${id}__warning`;
export const labelId = (id: string) => `${id}__label`;

/** aria-describedby for a control: its hint, its error and its warning, only those that are rendered. */
export function describedBy(id: string, parts: { help?: boolean; error?: boolean; warning?: boolean; extra?: string[] }): string | undefined {
  const ids = [parts.help ? helpId(id) : null, parts.error ? errorId(id) : null, parts.warning ? warningId(id) : null, ...(parts.extra ?? [])].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
