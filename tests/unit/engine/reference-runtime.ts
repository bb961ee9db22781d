// TEST-ONLY reference: the form runtime and rule evaluation exactly as they were before
// the rule compiler (issue 13, goal 2), kept so runtime-equivalence.test.ts can prove the
// compiled runtime gives deep-equal results. Do not import from production code, and do
// not "fix" it: it is the yardstick. Only the imports and evaluate/isTruthy (inlined from
// the former engine/core/logic.ts) differ from the original files.
import jsonLogic from 'json-logic-js';
import { logicOperations } from '../../../custom-validators/logic-operations.ts';
import { normalizers } from '../../../custom-validators/normalizers.ts';
import { compareFields, fieldLabel, fieldOrder, isEmpty, topLevelField } from '../../../engine/core/fields.ts';
import { collapseBranchErrors, errorField, messageFor, messageKeys } from '../../../engine/core/messages.ts';
import type { FormRuntime, PreparedValidation, Scope } from '../../../engine/core/runtime.ts';
import type { FieldError, FormData, FormDocument, Logic, SchemaValidateFunction, Step, SummarySection } from '../../../engine/core/types.ts';

let registered = false;
function ensureOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(logicOperations)) jsonLogic.add_operation(name, fn as never);
  registered = true;
}

export interface RuleContext {
  constants?: Record<string, unknown>;
  texts?: Record<string, string>;
}

/** The former `evaluate()`: a merged copy of data, constants, texts and extras per call. */
export function evaluate(rule: Logic, data: FormData, context: RuleContext = {}, extra: Record<string, unknown> = {}): unknown {
  ensureOperations();
  const scope = { ...data, $const: context.constants ?? {}, $texts: context.texts ?? {}, ...extra };
  try {
    return jsonLogic.apply(rule as never, scope);
  } catch (error) {
    if (error instanceof TypeError) return null;
    throw error;
  }
}

export function isTruthy(rule: Logic, data: FormData, context: RuleContext = {}, extra: Record<string, unknown> = {}): boolean {
  return jsonLogic.truthy(evaluate(rule, data, context, extra));
}

const MAX_VISIBILITY_PASSES = 5;

/** The former runtime's calls (it had no `view`). `checkedWith` and `validateSave` came after it (issue 25, issue 24), so they are not compared: their own tests cover them. */
export type ReferenceRuntime = Omit<FormRuntime, 'view' | 'checkedWith' | 'validateSave' | 'schemaLoaded' | 'whenSchemaLoaded'>;

export function createReferenceRuntime(doc: FormDocument, validateSchema: SchemaValidateFunction): ReferenceRuntime {
  const context: RuleContext = { constants: doc.constants, texts: doc.texts };
  const properties = doc.schema.properties;
  const fieldIds = Object.keys(properties);
  const rules = doc.rules ?? {};
  const steps = [...doc.steps].sort((a, b) => a.number - b.number);
  const stepOfField = new Map<string, number>();
  for (const step of steps) for (const section of step.sections) for (const field of section.fields) stepOfField.set(field, step.number);
  const derivedFields = new Set(Object.keys(rules.derived ?? {}));
  const order = fieldOrder(doc);
  const byFieldOrder = compareFields(order);
  const normalizerChains = Object.entries(doc.normalize ?? {}).map(([field, names]) => {
    const chain = (Array.isArray(names) ? names : [names]).map((name) => {
      const fn = normalizers[name];
      if (!fn) throw new Error(`${doc.id}: tuntematon normalisointi ${name} kentälle ${field}`);
      return fn;
    });
    return [field, chain] as const;
  });

  const stepActive = (step: Step, data: FormData) => step.when === undefined || isTruthy(step.when, data, context);

  function activeSteps(data: FormData): Step[] {
    return steps.filter((step) => stepActive(step, data));
  }

  function normalize(data: FormData): FormData {
    const out: FormData = { ...data };
    for (const [field, chain] of normalizerChains) {
      if (out[field] === undefined) continue;
      out[field] = chain.reduce<unknown>((value, fn) => fn(value), out[field]);
    }
    return out;
  }

  /** Computes derived values; with `visible`, a derived field hidden by its own rule is left out. */
  function derive(data: FormData, visible?: Set<string>): FormData {
    const out: FormData = { ...data };
    for (const [field, rule] of Object.entries(rules.derived ?? {})) {
      if (visible && !visible.has(field)) {
        delete out[field];
        continue;
      }
      const value = evaluate(rule, out, context);
      if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) delete out[field];
      else out[field] = value;
    }
    return out;
  }

  function visibleSet(data: FormData): Set<string> {
    const active = new Set(activeSteps(data).map((step) => step.number));
    const visible = new Set<string>();
    for (const field of fieldIds) {
      const step = stepOfField.get(field);
      if (step === undefined ? !derivedFields.has(field) : !active.has(step)) continue;
      const rule = rules.visible?.[field];
      if (rule === undefined || isTruthy(rule, data, context)) visible.add(field);
    }
    return visible;
  }

  /** Drops what is hidden, repeating until stable so a field hidden by a hidden field goes too. */
  function pruneToVisible(data: FormData): { data: FormData; visible: Set<string> } {
    let current = derive(data);
    for (let pass = 0; pass < MAX_VISIBILITY_PASSES; pass++) {
      const visible = visibleSet(current);
      const kept: FormData = {};
      for (const [key, value] of Object.entries(current)) if (visible.has(key)) kept[key] = value;
      const next = derive(kept, visible);
      if (Object.keys(next).length === Object.keys(current).length) return { data: next, visible };
      current = next;
    }
    return { data: current, visible: visibleSet(current) };
  }

  function prepare(data: FormData): FormData {
    return pruneToVisible(normalize(data)).data;
  }

  function scopeFields(visible: Set<string>, data: FormData, scope: Scope): Set<string> {
    const activeNumbers = new Set(activeSteps(data).map((step) => step.number));
    const inScope = new Set<string>();
    for (const field of visible) {
      const step = stepOfField.get(field);
      if (step === undefined || !activeNumbers.has(step)) continue;
      if (scope.fields && !scope.fields.includes(field)) continue;
      if (scope.step !== undefined && step !== scope.step) continue;
      if (scope.uptoStep !== undefined && step > scope.uptoStep) continue;
      inScope.add(field);
    }
    return inScope;
  }

  function unknownFields(data: FormData): string[] {
    return Object.keys(data).filter((key) => !(key in properties));
  }

  function validate(data: FormData, scope: Scope = {}): PreparedValidation {
    const { data: prepared, visible } = pruneToVisible(normalize(data));
    const inScope = scopeFields(visible, prepared, scope);
    const errors = new Map<string, FieldError>();
    const add = (field: string, message: string) => {
      if (!errors.has(field)) errors.set(field, { field, message });
    };

    for (const key of unknownFields(data)) add(key, messageFor(doc, key, ['additionalProperties']));

    for (const field of inScope) {
      const rule = rules.required?.[field];
      if (rule === undefined || !isEmpty(prepared[field])) continue;
      if (rule === true || isTruthy(rule, prepared, context)) add(field, messageFor(doc, field, ['required']));
    }

    if (!validateSchema(prepared)) {
      for (const error of collapseBranchErrors(validateSchema.errors ?? [])) {
        const field = errorField(error);
        if (inScope.has(topLevelField(field))) add(field, messageFor(doc, field, messageKeys(error), error.params));
      }
    }

    for (const check of rules.checks ?? []) {
      const top = topLevelField(check.field);
      if (!inScope.has(top)) continue;
      const message = check.message ?? messageFor(doc, check.field, []);
      if (check.field.includes('*')) {
        const rows = prepared[top];
        if (!Array.isArray(rows)) continue;
        rows.forEach((row, index) => {
          const field = check.field.replace('*', String(index));
          const value = (row as FormData | null)?.[check.field.split('.').pop()!];
          if (errors.has(field) || (!check.whenEmpty && isEmpty(value))) return;
          if (!isTruthy(check.rule, prepared, context, { $row: row, $index: index })) add(field, message);
        });
      } else {
        if (errors.has(check.field) || (!check.whenEmpty && isEmpty(prepared[check.field]))) continue;
        if (!isTruthy(check.rule, prepared, context)) add(check.field, message);
      }
    }

    const sorted = [...errors.values()].sort((a, b) => byFieldOrder(a.field, b.field));
    return { valid: sorted.length === 0, errors: sorted, data: prepared };
  }

  function validateSubmission(data: FormData, { uptoStep }: { uptoStep: number }): PreparedValidation {
    const result = validate(data, { uptoStep });
    if (!result.valid) return result;
    // Later steps' answers are kept (the applicant may be going back), but only the
    // valid ones: what is stored always satisfies the document.
    const whole = validate(data);
    const invalidLater = new Set(whole.errors.map((error) => topLevelField(error.field)));
    if (invalidLater.size === 0) return result;
    const kept: FormData = {};
    for (const [key, value] of Object.entries(result.data)) if (!invalidLater.has(key)) kept[key] = value;
    return { ...result, data: pruneToVisible(kept).data };
  }

  function neighbourStep(current: number, data: FormData, direction: 1 | -1): number | null {
    const numbers = activeSteps(data).map((step) => step.number);
    const candidates = direction === 1 ? numbers.filter((n) => n > current) : numbers.filter((n) => n < current).reverse();
    return candidates[0] ?? null;
  }

  function buttonLabel(stepNumber: number, data: FormData): string {
    const step = steps.find((s) => s.number === stepNumber);
    if (!step) throw new Error(`${doc.id}: ei vaihetta ${stepNumber}`);
    return typeof step.button === 'string' ? step.button : String(evaluate(step.button, prepare(data), context));
  }

  function computed(data: FormData): Record<string, unknown> {
    const prepared = prepare(data);
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(rules.computed ?? {})) out[name] = evaluate(rule, prepared, context);
    return out;
  }

  function summarySections(data: FormData, currentStep: number): SummarySection[] {
    const prepared = prepare(data);
    return (doc.summary ?? [])
      .filter((section) => currentStep > section.showAfterStep && (section.when === undefined || isTruthy(section.when, prepared, context)))
      .map((section) => ({ ...section, fields: section.fields.filter((field) => field in prepared) }));
  }

  return {
    document: doc,
    fieldIds,
    unknownFields,
    normalize,
    prepare,
    isVisible: (field, data) => pruneToVisible(normalize(data)).visible.has(field),
    visibleFields: (data) => [...pruneToVisible(normalize(data)).visible].sort(byFieldOrder),
    activeSteps,
    stepOf: (field) => stepOfField.get(field),
    nextStep: (current, data) => neighbourStep(current, prepare(data), 1),
    previousStep: (current, data) => neighbourStep(current, prepare(data), -1),
    buttonLabel,
    computed,
    summarySections,
    label: (field) => fieldLabel(doc, field),
    validate,
    validateField: (data, field) => validate(data, { fields: [topLevelField(field)] }).errors.filter((e) => e.field === field || e.field.startsWith(`${field}.`)),
    validateStep: (data, step) => validate(data, { step }),
    validateSubmission,
  };
}
