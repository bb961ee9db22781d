// How a stored value reads in the summary panel: the option's title for a choice,
// yes/no for a flag, a number with its unit. Units come from `ui:options.unit`;
// a money widget means the currency.
import type { FormDocument, JsonSchema } from '../core/index.ts';
import { withUnit } from './format.ts';
import type { RendererMessages } from './messages.ts';

type UiEntry = Record<string, unknown> | undefined;

export function unitOf(ui: UiEntry, messages: Pick<RendererMessages, 'currency'>): string | undefined {
  const options = (ui?.['ui:options'] ?? {}) as { unit?: unknown };
  if (typeof options.unit === 'string') return options.unit;
  return ui?.['ui:widget'] === 'money' ? messages.currency : undefined;
}

/** `ui:options.unitOne`: the unit's singular, for the value 1. */
export function unitOneOf(ui: UiEntry): string | undefined {
  const unitOne = (ui?.['ui:options'] as { unitOne?: unknown } | undefined)?.unitOne;
  return typeof unitOne === 'string' ? unitOne : undefined;
}

export function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf;
  if (!Array.isArray(options)) return undefined;
  const match = options.find((option) => (option as JsonSchema).const === value) as JsonSchema | undefined;
  return typeof match?.title === 'string' ? match.title : undefined;
}

export function displayValue(doc: FormDocument, field: string, value: unknown, messages: RendererMessages): string | null {
  if (value === undefined || value === null || value === '') return null;
  const title = optionTitle(doc.schema.properties[field], value);
  if (title !== undefined) return title;
  if (typeof value === 'boolean') return value ? messages.yes : messages.no;
  if (typeof value === 'number') return withUnit(value, unitOf(doc.ui?.[field], messages), unitOneOf(doc.ui?.[field]));
  if (typeof value === 'string') return value;
  return null;
}
