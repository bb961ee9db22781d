// The wizard renders each field as its own small RJSF form (issue 13). RJSF does work
// in proportion to its whole form on every change (it copies the data, fills in
// defaults over the whole schema, compares every field's props), so one form for the
// application made each keystroke cost the whole application; a form per field costs
// the field. This module cuts the document's steps into sections of field forms and
// hands each one props that keep their identity while nothing of it changed, so React
// skips every other field and section.
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormData, FormDocument, FormView, StepSection } from '../core/index.ts';
import { toErrorSchema } from './engine-validator.ts';

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

/** What a field's form renders with: the same object while the field's value, title and errors are the same. */
export interface FieldState {
  formData: FormData;
  uiSchema: UiSchema;
  extraErrors: ErrorSchema;
}

/** A section's visible fields and their states: the same object while none of them changed. */
export interface SectionState {
  fields: FieldSpec[];
  states: FieldState[];
}

const hasOwn = Object.prototype.hasOwnProperty;
const NO_ERRORS: ErrorSchema = {};
const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

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

/**
 * The section states of the given steps from the data, its view and the shown errors,
 * each reusing the previous object where nothing of it changed (a step's array too):
 * a comparison per field, no rendering.
 */
export function sectionStates(
  doc: FormDocument,
): (steps: readonly number[], sections: ReadonlyMap<number, SectionSpec[]>, data: FormData, view: FormView, errors: Readonly<Record<string, string>>) => Map<number, readonly SectionState[]> {
  const ui = doc.ui ?? {};
  const fieldsBefore = new Map<string, { state: FieldState; title: string | undefined; errors: [string, string][] }>();
  const sectionsBefore = new Map<string, SectionState>();
  const stepsBefore = new Map<number, readonly SectionState[]>();

  function fieldState(field: string, data: FormData, view: FormView, errors: [string, string][]): FieldState {
    const before = fieldsBefore.get(field);
    const present = hasOwn.call(data, field);
    let formData = before?.state.formData;
    if (formData === undefined || present !== hasOwn.call(formData, field) || (present && !Object.is(formData[field], data[field]))) formData = present ? { [field]: data[field] } : {};
    // A `ui:title` rule's answer is the view's; a fixed title is the document's own entry.
    const title = view.titles[field];
    let uiSchema = before?.state.uiSchema;
    if (uiSchema === undefined || title !== before!.title) {
      uiSchema = { 'ui:submitButtonOptions': { norender: true } };
      const entry = ui[field];
      if (entry !== undefined) uiSchema[field] = title === undefined ? entry : { ...entry, 'ui:title': title };
    }
    const sameErrors = before !== undefined && before.errors.length === errors.length && before.errors.every(([path, message], i) => errors[i][0] === path && errors[i][1] === message);
    const extraErrors = sameErrors ? before!.state.extraErrors : errors.length === 0 ? NO_ERRORS : toErrorSchema(errors.map(([path, message]) => ({ field: path, message })));
    const state = before && before.state.formData === formData && before.state.uiSchema === uiSchema && before.state.extraErrors === extraErrors ? before.state : { formData, uiSchema, extraErrors };
    fieldsBefore.set(field, { state, title, errors });
    return state;
  }

  function sectionState(spec: SectionSpec, data: FormData, view: FormView, errorsOf: Map<string, [string, string][]>): SectionState {
    const fields = spec.fields.filter(({ field }) => view.visible.has(field));
    const states = fields.map(({ field }) => fieldState(field, data, view, errorsOf.get(field) ?? []));
    const before = sectionsBefore.get(spec.key);
    const state = before && sameList(before.fields, fields) && sameList(before.states, states) ? before : { fields, states };
    sectionsBefore.set(spec.key, state);
    return state;
  }

  return (steps, sections, data, view, errors) => {
    // The shown errors by top-level field (a row's error belongs to its list).
    const errorsOf = new Map<string, [string, string][]>();
    for (const [path, message] of Object.entries(errors)) {
      const top = path.includes('.') ? path.slice(0, path.indexOf('.')) : path;
      const list = errorsOf.get(top);
      if (list) list.push([path, message]);
      else errorsOf.set(top, [[path, message]]);
    }
    const out = new Map<number, readonly SectionState[]>();
    for (const step of steps) {
      const states = (sections.get(step) ?? []).map((spec) => sectionState(spec, data, view, errorsOf));
      const before = stepsBefore.get(step);
      const kept = before && sameList(before, states) ? before : states;
      stepsBefore.set(step, kept);
      out.set(step, kept);
    }
    return out;
  };
}

/** The whole data with a field form's answer in place of the field's. */
export function withField(data: FormData, field: string, fieldData: FormData): FormData {
  const next: FormData = { ...data };
  if (hasOwn.call(fieldData, field)) next[field] = fieldData[field];
  else delete next[field];
  return next;
}
