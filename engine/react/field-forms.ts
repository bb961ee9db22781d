// The wizard renders each field as its own small RJSF form (issue 13). RJSF does work
// in proportion to its whole form on every change (it copies the data, fills in
// defaults over the whole schema, compares every field's props), so one form for the
// application made each keystroke cost the whole application; a form per field costs
// the field. This module cuts the document's steps into sections of field forms and
// gives each field's form the selectors it subscribes to the stores with (its answer,
// its title, its errors), so a keystroke renders the field whose answer changed.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormData, FormDocument, StepSection } from '../core/index.ts';
import type { WizardState } from './store.ts';

export interface FieldSpec {
  field: string;
  /** The document's schema with only this field. */
  schema: RJSFSchema;
}

export interface SectionSpec {
  /** `step.section index`, unique in the document. */
  key: string;
  section: StepSection;
  fields: FieldSpec[];
}

const hasOwn = Object.prototype.hasOwnProperty;
const NO_DATA: FormData = {};
const NO_ERRORS: readonly [string, string][] = [];

/** Each step's sections, in document order. */
export function sectionSpecs(doc: FormDocument): Map<number, SectionSpec[]> {
  // The root keywords a field's form keeps: what its schema may refer to ($defs), not the other fields.
  const { properties, required, $id: _id, ...root } = doc.schema as FormDocument['schema'] & { required?: unknown; $id?: unknown };
  const fieldSpec = (field: string): FieldSpec => {
    const schema: Record<string, unknown> = { ...root, properties: { [field]: properties[field] } };
    if (Array.isArray(required) && required.includes(field)) schema.required = [field];
    return { field, schema: schema as RJSFSchema };
  };
  return new Map(
    doc.steps.map((step) => [
      step.number,
      step.sections.map((section, i) => ({ key: `${step.number}.${i}`, section, fields: section.fields.filter((field) => hasOwn.call(properties, field)).map(fieldSpec) })),
    ]),
  );
}

// The selectors a field's form subscribes with, one per field, so their identity stays
// and a store's snapshot is not made again for nothing (answers.ts, store.ts).
const memoByField = <T>(make: (field: string) => T) => {
  const made = new Map<string, T>();
  return (field: string): T => made.get(field) ?? made.set(field, make(field)).get(field)!;
};

/** A field form's data: the field's answer alone (no key when the answers have none). */
export const formDataOf = memoByField((field) => (data: FormData): FormData => (hasOwn.call(data, field) ? { [field]: data[field] } : NO_DATA));

/** Two field datas of one field are the same while the key's presence and value are. */
export function sameFormData(a: FormData, b: FormData): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => hasOwn.call(b, key) && Object.is(a[key], b[key]));
}

/** The field's `ui:title` as a rule makes it (the view's), undefined for a fixed title. */
export const titleOf = memoByField((field) => (state: WizardState): string | undefined => state.view.titles[field]);

/** The shown errors of the field and of its rows, as [path, message] in the errors' order. */
export const fieldErrorsOf = memoByField((field) => (state: WizardState): readonly [string, string][] => {
  const prefix = `${field}.`;
  let found: [string, string][] | undefined;
  for (const path in state.errors) if (path === field || path.startsWith(prefix)) (found ??= []).push([path, state.errors[path]]);
  return found ?? NO_ERRORS;
});

export const sameErrorList = (a: readonly [string, string][], b: readonly [string, string][]) =>
  a.length === b.length && a.every(([path, message], i) => b[i][0] === path && b[i][1] === message);

/** The uiSchema of a field's form: the document's entry for the field, with the rule-made title if it has one. */
export function fieldUiSchema(doc: FormDocument, field: string, title: string | undefined): UiSchema {
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const entry = doc.ui?.[field];
  if (entry !== undefined) uiSchema[field] = title === undefined ? entry : { ...entry, 'ui:title': title };
  return uiSchema;
}

/** The whole data with a field form's answer in place of the field's. */
export function withField(data: FormData, field: string, fieldData: FormData): FormData {
  const next: FormData = { ...data };
  if (hasOwn.call(fieldData, field)) next[field] = fieldData[field];
  else delete next[field];
  return next;
}
