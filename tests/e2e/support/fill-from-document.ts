// Fills the application's pages from any form document and data: which fields a
// step shows comes from the engine runtime, how each is answered from the control
// the document asks for (`ui:widget`, else what the renderer picks for the schema
// type). Nothing here names a field of a particular document.
import { expect, type Locator, type Page } from '@playwright/test';
import type { FormData, FormDocument, FormRuntime, JsonSchema } from '../../../engine/core/index.ts';
import { resolveRef } from '../../../engine/qa/intent.ts';
import { optionsOf } from '../../../engine/qa/values.ts';
import { fieldDomId } from '../../../engine/react/ids.ts';
import { CheckboxWidget } from '../../../engine/react/widgets/CheckboxWidget.tsx';
import { ChoiceCardsWidget } from '../../../engine/react/widgets/ChoiceCardsWidget.tsx';
import { widgets } from '../../../engine/react/widgets/index.ts';
import { MoneyWidget } from '../../../engine/react/widgets/MoneyWidget.tsx';
import { PostalCodeWidget } from '../../../engine/react/widgets/PostalCodeWidget.tsx';
import { RowListWidget } from '../../../engine/react/widgets/RowListWidget.tsx';
import { SelectWidget } from '../../../engine/react/widgets/SelectWidget.tsx';
import { SliderNumberWidget } from '../../../engine/react/widgets/SliderNumberWidget.tsx';
import { EmailWidget, TelWidget, TextWidget } from '../../../engine/react/widgets/TextWidget.tsx';
import { YearSelectWidget } from '../../../engine/react/widgets/YearSelectWidget.tsx';
import { BRANDS, brandForHost } from '../../../src/app/brands.ts';
import { PRODUCTS, variantsFor, type Product } from '../../../src/app/products.ts';

// The shared 2-core machine is often busy; a page slower than the config's expect timeout is not a fault.
const patient = expect.configure({ timeout: 20_000 });

export type WidgetKind = 'cards' | 'select' | 'checkbox' | 'checkboxes' | 'slider' | 'money' | 'postalCode' | 'rows' | 'text';

// Keyed by the renderer's components, not by the names documents use, so every
// alias in the registry (purposeCards, amountSlider, loanRows, …) is covered as it is added.
const KIND_OF_COMPONENT = new Map<unknown, WidgetKind>([
  [ChoiceCardsWidget, 'cards'],
  [SelectWidget, 'select'],
  [YearSelectWidget, 'select'],
  [CheckboxWidget, 'checkbox'],
  [SliderNumberWidget, 'slider'],
  [MoneyWidget, 'money'],
  [PostalCodeWidget, 'postalCode'],
  [RowListWidget, 'rows'],
  [TextWidget, 'text'],
  [EmailWidget, 'text'],
  [TelWidget, 'text'],
]);

const uiOf = (doc: FormDocument, field: string): Record<string, unknown> => doc.ui?.[field] ?? {};
const uiOptions = (doc: FormDocument, field: string): Record<string, unknown> => (uiOf(doc, field)['ui:options'] as Record<string, unknown> | undefined) ?? {};
const schemaOf = (doc: FormDocument, field: string): JsonSchema => resolveRef(doc, doc.schema.properties[field]);
const typeOf = (schema: JsonSchema): unknown => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

export function widgetKind(doc: FormDocument, field: string): WidgetKind {
  const name = uiOf(doc, field)['ui:widget'];
  const schema = schemaOf(doc, field);
  if (typeof name === 'string') {
    const kind = KIND_OF_COMPONENT.get(widgets[name]);
    if (kind) return kind;
    // The theme has no group of boxes; RJSF's own renders one labelled box per option.
    if (name === 'checkboxes') return 'checkboxes';
    throw new Error(`${field}: no way to fill ui:widget "${name}"; teach fill-from-document.ts its kind`);
  }
  // No ui:widget: what RJSF picks for the schema, through the theme's registry.
  const type = typeOf(schema);
  if (type === 'boolean') return 'checkbox';
  if (optionsOf(schema)) return 'select';
  if (type === 'string' || type === 'number' || type === 'integer') return 'text';
  throw new Error(`${field}: no widget declared and none inferred for type ${String(type)}`);
}

/** What the applicant sees for an option: its title, else the value itself (years). */
function optionLabel(schema: JsonSchema, value: unknown): string {
  return optionsOf(schema)?.find((option) => option.value === value)?.title ?? String(value);
}

/**
 * The fields an applicant answers on a step for this data, in the runtime's order.
 * Derived values (sums of rows, copies of an amount) are computed, not asked; the
 * document marks them `readOnly` and gives them a `rules.derived` rule.
 */
export function inputFields(runtime: FormRuntime, step: number, data: FormData): string[] {
  const doc = runtime.document;
  const derived = new Set(Object.keys(doc.rules?.derived ?? {}));
  return runtime
    .visibleFields(data)
    .filter((field) => runtime.stepOf(field) === step && !derived.has(field) && !doc.schema.properties[field]?.readOnly);
}

export const stepSection = (page: Page, step: number): Locator => page.locator(`#step-${step}`);
const control = (page: Page, path: string): Locator => page.locator(`#${fieldDomId(path)}`);

/**
 * Fills every field of the step from `data`; each waits until the page shows it (a
 * follow-up question appears after its trigger). A postal code's lookup writes the
 * town field the document names (`ui:options.cityField`) when the server answers, so
 * that town is filled only after the answer: the data's town, not the server's, is sent.
 */
export async function fillStep(page: Page, runtime: FormRuntime, step: number, data: FormData): Promise<string[]> {
  const doc = runtime.document;
  const fields = inputFields(runtime, step, data);
  const townOf = new Map<string, string>();
  for (const field of fields) {
    const town = uiOptions(doc, field).cityField;
    if (widgetKind(doc, field) === 'postalCode' && typeof town === 'string' && fields.includes(town)) townOf.set(field, town);
  }
  const waitsForLookup = new Set(townOf.values());
  const filled = new Set<string>();
  const fill = async (field: string) => {
    if (filled.has(field) || data[field] === undefined) return;
    const container = stepSection(page, step).locator(`[data-field="${field}"]`);
    await patient(container, `${field} should be shown on step ${step}`).toBeVisible();
    await fillField(page, doc, field, data[field], container);
    filled.add(field);
  };
  for (const field of fields) {
    if (waitsForLookup.has(field)) continue;
    await fill(field);
    const town = townOf.get(field);
    if (town && filled.has(field)) {
      await lookupSettled(page, field, town);
      waitsForLookup.delete(town);
      await fill(town);
    }
  }
  // A town whose postal code the data leaves empty is an ordinary text field.
  for (const town of waitsForLookup) await fill(town);
  return fields;
}

/** The lookup has answered: the town holds a value, or the code shows its "unknown code" message. */
async function lookupSettled(page: Page, codeField: string, townField: string): Promise<void> {
  const town = control(page, townField);
  const unknown = page.locator(`[data-field="${codeField}"] .lv-error-message`);
  await patient
    .poll(async () => (await town.inputValue()) !== '' || (await unknown.count()) > 0, { message: `${codeField}: the postal code lookup did not answer` })
    .toBe(true);
}

export async function fillField(page: Page, doc: FormDocument, field: string, value: unknown, container: Locator): Promise<void> {
  const schema = schemaOf(doc, field);
  const input = control(page, field);
  switch (widgetKind(doc, field)) {
    case 'cards': {
      const radio = container.getByRole('radio', { name: optionLabel(schema, value), exact: true });
      // Options past the first few wait behind a disclosure button.
      if (!(await radio.isVisible())) await container.locator('button[aria-expanded="false"]').click();
      await radio.check();
      return;
    }
    case 'select':
      await input.selectOption({ label: optionLabel(schema, value) });
      return;
    case 'checkbox':
      await input.setChecked(value === true);
      return;
    case 'checkboxes': {
      const items = resolveRef(doc, schema.items as JsonSchema);
      const chosen = Array.isArray(value) ? value : [];
      for (const option of optionsOf(items) ?? [])
        await container.getByRole('checkbox', { name: optionLabel(items, option.value), exact: true }).setChecked(chosen.includes(option.value));
      return;
    }
    case 'rows':
      await fillRows(page, doc, field, schema, Array.isArray(value) ? (value as FormData[]) : [], container);
      return;
    case 'slider':
    case 'money':
    case 'postalCode':
    case 'text':
      // Typed, not pasted: repeat fields refuse a paste, and `fill` sends input events.
      // Whether the page kept what was typed shows in the saved application.
      await input.fill(String(value));
      return;
  }
}

async function fillRows(page: Page, doc: FormDocument, field: string, schema: JsonSchema, rows: FormData[], container: Locator): Promise<void> {
  const item = resolveRef(doc, schema.items as JsonSchema);
  const properties = (item.properties ?? {}) as Record<string, JsonSchema>;
  for (const [index, row] of rows.entries()) {
    // The widget always shows the first row; later ones are added.
    if (index > 0) await container.locator('.lv-rows__add').click();
    for (const [key, value] of Object.entries(row)) {
      if (!(key in properties)) throw new Error(`${field}.${index}.${key} is not a property of the row schema`);
      await control(page, `${field}.${index}.${key}`).fill(String(value));
    }
  }
}

/** The start page for a variant set: the brand by host name, the product by path, as the app maps them to variants. */
export function startPage(baseURL: string, variants: readonly string[]): { url: string; product: Product } {
  const wanted = [...variants].sort().join('+');
  for (const brand of Object.values(BRANDS)) {
    for (const product of PRODUCTS) {
      if (variantsFor(brand, product).sort().join('+') !== wanted) continue;
      const url = new URL(`/hakemus/${product}/`, baseURL);
      const host = [url.hostname, `${brand.id}.${url.hostname}`].find((candidate) => brandForHost(candidate).id === brand.id);
      if (!host) throw new Error(`no host name on ${url.hostname} gives the brand ${brand.id}`);
      url.hostname = host;
      return { url: url.href, product };
    }
  }
  throw new Error(`no brand and product give the variants [${variants.join(', ')}]`);
}
