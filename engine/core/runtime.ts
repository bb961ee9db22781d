// The form runtime: everything the browser and the server need to walk and check an
// application, built from one resolved document and one schema validator. It knows
// forms, not loans: every condition, limit and message comes from the document.
import { finnishCalendarDate } from '../../custom-validators/calendar.ts';
import { normalizers } from '../../custom-validators/normalizers.ts';
import { compareFields, fieldLabel, fieldOrder, isEmpty, topLevelField } from './fields.ts';
import type { RuleContext } from './logic.ts';
import { compileRule, type CompiledRule } from './rule-compiler.ts';
import { collapseBranchErrors, errorField, messageFor, messageKeys } from './messages.ts';
import { isParted } from './schema-parts.ts';
import type { AjvLikeError, FieldError, FormData, FormDocument, Logic, SchemaValidateFunction, Step, SummarySection, ValidationResult } from './types.ts';
import { viewMaker, type FormView } from './view.ts';

export interface Scope {
  /** Only these fields (e.g. the one just blurred). */
  fields?: readonly string[];
  /** Only the fields of this step. */
  step?: number;
  /** The fields of every active step up to and including this one (a save). */
  uptoStep?: number;
}

export interface PreparedValidation extends ValidationResult {
  /** Normalised, derived, hidden fields pruned: what may be stored. */
  data: FormData;
}

export interface FormRuntime {
  readonly document: FormDocument;
  readonly fieldIds: readonly string[];
  unknownFields(data: FormData): string[];
  normalize(data: FormData): FormData;
  prepare(data: FormData): FormData;
  isVisible(field: string, data: FormData): boolean;
  visibleFields(data: FormData): string[];
  activeSteps(data: FormData): Step[];
  stepOf(field: string): number | undefined;
  nextStep(current: number, data: FormData): number | null;
  previousStep(current: number, data: FormData): number | null;
  buttonLabel(step: number, data: FormData): string;
  computed(data: FormData): Record<string, unknown>;
  summarySections(data: FormData, currentStep: number): SummarySection[];
  /**
   * Everything the rules decide about `data` for a page, once per data object. Made
   * from `previous` (the view of the data before an edit), it evaluates only the rules
   * that read a changed field; the answers are the same either way.
   */
  view(data: FormData, previous?: FormView): FormView;
  label(field: string): string;
  validate(data: FormData, scope?: Scope): PreparedValidation;
  validateField(data: FormData, field: string): FieldError[];
  /**
   * The fields whose cross-field checks read `field` (a month's check reads its year):
   * leaving `field` may make their answers wrong, so they are checked again with it.
   * Row checks (`list.*.prop`) are left out; their rows are checked as they change.
   */
  checkedWith(field: string): readonly string[];
  validateStep(data: FormData, step: number): PreparedValidation;
  /**
   * Steps 1..uptoStep complete and valid; later steps' answers kept only when valid
   * (invalid ones are left out, not reported). What a prefill copies through.
   */
  validateSubmission(data: FormData, options: { uptoStep: number }): PreparedValidation;
  /**
   * A save at step `uptoStep`, the same in the browser and on the server: steps
   * 1..uptoStep complete and valid (required rules, schema, checks), and every answer
   * of a later step the data carries valid by its schema (type, choices, limits,
   * length, pattern, the Finnish keywords); a later step's required rules and checks
   * wait for its save, and an answer such a check refuses is left out of `data`.
   */
  validateSave(data: FormData, options: { uptoStep: number }): PreparedValidation;
  /**
   * Whether the schema validator has every step's part (schema-parts.ts): the build's
   * comes in parts, step 1's with the page and the rest after it. Until then a check of
   * an answer of a later step throws, rather than pass it unchecked; await
   * `whenSchemaLoaded` before showing or checking a later step. Always true for a whole validator.
   */
  schemaLoaded(): boolean;
  /** Loads the schema validator's missing parts; resolves at once when it has them all. */
  whenSchemaLoaded(): Promise<void>;
}

/** A check needed a schema part the page has not loaded (a caller forgot `whenSchemaLoaded`). */
export class SchemaPartPendingError extends Error {
  constructor(
    document: string,
    readonly field: string,
  ) {
    super(`${document}: kentän ${field} skeeman osa ei ole vielä latautunut`);
    this.name = 'SchemaPartPendingError';
  }
}

// How the rules run (issue 13). Each rule is compiled once, when the runtime is
// created, into closures that read the data object directly (rule-compiler.ts), and
// identical visibility rules share one evaluation a pass. Pruning keeps the passes of
// the document format (ADR 0001: keep the visible keys, derive again, repeat until the
// key count holds, at most five times) with the same result, but does less: a pass
// evaluates only the rules that read a key the previous pass changed; a derived value
// whose inputs did not change is not computed again; when no rule reads what a pass
// changed, the next pass is known to change nothing and is skipped; and when no
// derived or visibility rule reads a derived field (as in forms/consumer.json), the
// first pass reads the normalised input and builds its result object once. A save
// (validateSubmission, validateSave) prunes and runs the schema validator once. The read-only calls
// share a one-entry cache, and a new data object is pruned from the last one: only the
// rules that read a key that changed are evaluated again (a keystroke, issue 13 goal 1);
// `view` does the same for the rules a page shows (view.ts). tests/unit/engine/
// runtime-equivalence.test.ts compares every public call with the former runtime
// (reference-runtime.ts there); tests/unit/engine/view.test.ts a view made from the
// previous one with one made afresh.

const MAX_VISIBILITY_PASSES = 5;

const hasOwn = Object.prototype.hasOwnProperty;

/** What one visibility pass found, so the next pass can reuse it. */
interface Visibility {
  /** Per step (in number order): its `when` holds. */
  steps: boolean[];
  /** Per distinct rule: its truth, or undefined when no active field needed it. */
  slots: (boolean | undefined)[];
  /** Per visibility entry (fields that can be visible, in fieldIds order): visible. */
  flags: boolean[];
  /** The indices of the visible entries, in order. */
  shown: number[];
}

interface InScope {
  /** Visibility entries in scope, in order. */
  entries: number[];
  /** Per visibility entry: in scope. */
  flags: boolean[];
}

interface Pruned {
  /** Normalised, derived, hidden fields pruned. */
  data: FormData;
  flags: boolean[];
  shown: number[];
  /** Per step (in number order): active for `data`. */
  active: boolean[];
  /** The first pass's findings, when it was read from the normalised input (see FirstPass). */
  first?: FirstPass;
}

/**
 * What the first pass found when it read the normalised input directly (no derived or
 * visibility rule reads a derived field): each derived rule's value and each rule's
 * truth. A later call on data that differs only in some keys keeps the answers of the
 * rules that read none of them (a rule answers the same for the same values), so a
 * keystroke re-evaluates the rules that read the edited field, not the whole form.
 * Rules may read today's date (an age from an identity code), so answers are kept
 * only on the same day in Finland.
 */
interface FirstPass {
  values: unknown[];
  visibility: Visibility;
}

/** A previous call's first pass and the keys whose values differ from its input. */
interface Since {
  first: FirstPass;
  changed: ReadonlySet<string>;
}

/** What validating one prepared data object found, for another scope of the same data. */
interface ErrorMemo {
  /** The schema errors (branches collapsed); empty when valid. */
  schema?: AjvLikeError[];
  required: Map<string, boolean>;
  /** By check index, or `index.row` for a row check. */
  checks: Map<number | string, boolean>;
}

/** Per derived rule, within one pruning: the values it read when it last ran, and its answer. */
interface DeriveMemo {
  inputs: (unknown[] | undefined)[];
  values: unknown[];
}

/** One message per field: the first wins. */
function addError(errors: Map<string, FieldError>, field: string, message: string): void {
  if (!errors.has(field)) errors.set(field, { field, message });
}

const newMemo = (): ErrorMemo => ({ required: new Map(), checks: new Map() });

/** Whether a rule may answer differently once `changed` keys changed. */
function affected(rule: CompiledRule, changed: ReadonlySet<string>): boolean {
  if (rule.reads === null) return true;
  for (const key of rule.reads) if (changed.has(key)) return true;
  return false;
}

/** Whether an object has own symbol keys (which Object.assign would copy, and a spread of keys would not). */
function hasSymbols(data: FormData): boolean {
  for (const _ of Object.getOwnPropertySymbols(data)) return true;
  return false;
}

/** A canonical array index ("0", "7"): JavaScript orders such keys before all others. */
const isArrayIndex = (key: string) => /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * A key under which structurally identical rules share one compiled rule and one
 * answer per pass; undefined (no sharing) for a rule holding -0, which JSON would
 * not tell from 0.
 */
function sharingKey(rule: Logic): string | undefined {
  let exact = true;
  const key = JSON.stringify(rule, (_key, value) => {
    if (Object.is(value, -0)) exact = false;
    return value;
  });
  return exact && key !== undefined ? key : undefined;
}

const UNCACHEABLE = Symbol('uncacheable');
const SNAPSHOT_DEPTH = 8;

/** A deep copy of JSON-like data to compare a later call's argument with, or UNCACHEABLE. */
function snapshotOf(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > SNAPSHOT_DEPTH) return UNCACHEABLE;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value) && proto === Array.prototype) {
    const copy: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return UNCACHEABLE;
      const inner = snapshotOf(value[i], depth + 1);
      if (inner === UNCACHEABLE) return UNCACHEABLE;
      copy.push(inner);
    }
    return copy;
  }
  if (proto !== Object.prototype) return UNCACHEABLE;
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    const inner = snapshotOf((value as Record<string, unknown>)[key], depth + 1);
    if (inner === UNCACHEABLE) return UNCACHEABLE;
    entries.push([key, inner]);
  }
  return { entries };
}

/** The value still equals its snapshot: same keys in the same order, same primitives, recursively. */
function matchesSnapshot(value: unknown, snapshot: unknown): boolean {
  if (value === null || typeof value !== 'object') return Object.is(value, snapshot);
  if (snapshot === null || typeof snapshot !== 'object') return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(snapshot) || Object.getPrototypeOf(value) !== Array.prototype || value.length !== snapshot.length) return false;
    for (let i = 0; i < value.length; i++) if (!(i in value) || !matchesSnapshot(value[i], snapshot[i])) return false;
    return true;
  }
  if (Array.isArray(snapshot) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const { entries } = snapshot as { entries: [string, unknown][] };
  const keys = Object.keys(value);
  if (keys.length !== entries.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== entries[i][0] || !matchesSnapshot((value as Record<string, unknown>)[keys[i]], entries[i][1])) return false;
  }
  return true;
}

/**
 * The top-level keys whose values differ from `snapshot` (snapshotOf an earlier data
 * object), nested values compared deeply; a key absent on one side reads as undefined.
 * Undefined when there is nothing to compare with.
 */
function changedSince(data: FormData, snapshot: unknown): Set<string> | undefined {
  if (snapshot === UNCACHEABLE || snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) return undefined;
  const before = new Map((snapshot as { entries: [string, unknown][] }).entries);
  const changed = new Set<string>();
  for (const key of Object.keys(data)) {
    if (before.has(key) ? !matchesSnapshot(data[key], before.get(key)) : data[key] !== undefined) changed.add(key);
  }
  for (const [key, value] of before) if (!hasOwn.call(data, key) && value !== undefined) changed.add(key);
  return changed;
}

export function createFormRuntime(doc: FormDocument, validateSchema: SchemaValidateFunction): FormRuntime {
  const parted = isParted(validateSchema) ? validateSchema : undefined;
  const context: RuleContext = { constants: doc.constants, texts: doc.texts };
  const properties = doc.schema.properties;
  const fieldIds = Object.keys(properties);
  const knownFields = new Set(fieldIds);
  const rules = doc.rules ?? {};
  const steps = [...doc.steps].sort((a, b) => a.number - b.number);
  const stepOfField = new Map<string, number>();
  const stepIndexOfField = new Map<string, number>();
  steps.forEach((step, index) => {
    for (const section of step.sections)
      for (const field of section.fields) {
        stepOfField.set(field, step.number);
        stepIndexOfField.set(field, index);
      }
  });
  const derivedFields = new Set(Object.keys(rules.derived ?? {}));
  const order = fieldOrder(doc);
  const byFieldOrder = compareFields(order);
  const byErrorOrder = (a: FieldError, b: FieldError) => byFieldOrder(a.field, b.field);
  const normalizerChains = Object.entries(doc.normalize ?? {}).map(([field, names]) => {
    const chain = (Array.isArray(names) ? names : [names]).map((name) => {
      const fn = normalizers[name];
      if (!fn) throw new Error(`${doc.id}: tuntematon normalisointi ${name} kentälle ${field}`);
      return fn;
    });
    return [field, chain] as const;
  });

  const compile = (rule: Logic) => compileRule(rule, context);
  // Visibility rules repeat (about 40 fields show `hasCoApplicant == true`): each
  // distinct rule (step `when`s included) is one slot, evaluated at most once a pass.
  const slotRules: CompiledRule[] = [];
  const slotOfKey = new Map<string, number>();
  const slotOf = (rule: Logic): number => {
    const key = sharingKey(rule);
    let slot = key === undefined ? undefined : slotOfKey.get(key);
    if (slot === undefined) {
      slot = slotRules.push(compile(rule)) - 1;
      if (key !== undefined) slotOfKey.set(key, slot);
    }
    return slot;
  };
  const stepSlot = steps.map((step) => (step.when === undefined ? -1 : slotOf(step.when)));
  const stepButton = new Map(steps.map((step) => [step, typeof step.button === 'string' ? undefined : compile(step.button)]));
  const derivedRules = Object.entries(rules.derived ?? {}).map(([field, rule]) => [field, compile(rule)] as const);
  // The fields that can be visible, in fieldIds order: on a step, or derived without one.
  const visibility = fieldIds
    .filter((field) => stepOfField.has(field) || derivedFields.has(field))
    .map((field) => {
      const rule = rules.visible?.[field];
      return { field, step: stepOfField.get(field), stepIndex: stepIndexOfField.get(field) ?? -1, slot: rule === undefined ? -1 : slotOf(rule) };
    });
  const entryOf = new Map(visibility.map((entry, i) => [entry.field, i]));
  /** Per derived rule: the keys it reads (null: any). */
  const derivedReads = derivedRules.map(([, rule]) => (rule.reads === null ? null : [...rule.reads]));
  /** Per derived rule: its field's visibility entry, -1 when it can never be visible. */
  const derivedEntry = derivedRules.map(([field]) => entryOf.get(field) ?? -1);
  // Pruning works in place on one copy and keeps its key order itself. That needs the
  // derived fields to be appended last, as ordinary keys are (array indices are not),
  // and no `__proto__` field (the former copies assigned it, which sets the prototype).
  const inPlace = !derivedFields.has('__proto__') && !entryOf.has('__proto__') && ![...derivedFields].some(isArrayIndex);
  /** Every key a step, visibility or derived rule reads; null when one of them can read any. */
  const pruneReads: Set<string> | null = [...slotRules, ...derivedRules.map(([, rule]) => rule)].some((rule) => rule.reads === null)
    ? null
    : new Set([...slotRules, ...derivedRules.map(([, rule]) => rule)].flatMap((rule) => [...rule.reads!]));
  const requiredRules = new Map<string, true | CompiledRule>();
  for (const [field, rule] of Object.entries(rules.required ?? {})) requiredRules.set(field, rule === true ? true : compile(rule));
  /** Per visibility entry: its field's required rule. */
  const requiredOf = visibility.map(({ field }) => requiredRules.get(field));
  const checks = (rules.checks ?? []).map((check) => ({
    check,
    top: topLevelField(check.field),
    entry: entryOf.get(topLevelField(check.field)) ?? -1,
    rule: compile(check.rule),
    /** For a `list.*.prop` check, the row's property. */
    rowKey: check.field.includes('*') ? check.field.split('.').pop()! : undefined,
    /** A row's field is `before + index + after` (the first `*` replaced, as before). */
    before: check.field.slice(0, Math.max(0, check.field.indexOf('*'))),
    after: check.field.slice(check.field.indexOf('*') + 1),
  }));
  /** Per field a check rule reads: the other top-level fields those checks are on (checkedWith). */
  const checkedWithField = new Map<string, string[]>();
  for (const { check, rule, rowKey } of checks) {
    if (rowKey !== undefined || rule.reads === null) continue;
    for (const read of rule.reads) {
      if (read === check.field) continue;
      const fields = checkedWithField.get(read) ?? checkedWithField.set(read, []).get(read)!;
      if (!fields.includes(check.field)) fields.push(check.field);
    }
  }
  const computedRules = Object.entries(rules.computed ?? {}).map(([name, rule]) => [name, compile(rule)] as const);
  const summaryWhen = new Map((doc.summary ?? []).map((section) => [section, section.when === undefined ? undefined : compile(section.when)]));
  const makeView = viewMaker({
    id: doc.id,
    steps,
    required: requiredRules,
    computed: computedRules,
    summary: [...summaryWhen],
    buttons: new Map(steps.flatMap((step) => (typeof step.button === 'string' ? [] : [[step.number, stepButton.get(step)!] as const]))),
    titles: Object.entries(doc.ui ?? {}).flatMap(([field, entry]) => {
      const title = entry['ui:title'];
      return title === undefined || typeof title === 'string' ? [] : [[field, compile(title as Logic)] as const];
    }),
    warnings: (rules.warnings ?? []).map((warning) => [warning, compile(warning.rule)] as const),
  });

  /**
   * The truth of a slot's rule for `data`, memoised in `slots` for this pass. With the
   * previous pass's slots and the keys changed since, a rule that reads none of them
   * keeps its previous answer (a rule answers the same for the same values).
   */
  function slotTruth(slot: number, data: FormData, slots: (boolean | undefined)[], previous?: (boolean | undefined)[], changed?: ReadonlySet<string>): boolean {
    let holds = slots[slot];
    if (holds === undefined) {
      const rule = slotRules[slot];
      const before = previous === undefined ? undefined : previous[slot];
      holds = before !== undefined && !affected(rule, changed!) ? before : rule.truthy(data);
      slots[slot] = holds;
    }
    return holds;
  }

  /** Each step's `when` for `data` (see slotTruth for `slots`, `previous` and `changed`). */
  function stepTruths(data: FormData, slots: (boolean | undefined)[] = [], previous?: (boolean | undefined)[], changed?: ReadonlySet<string>): boolean[] {
    const truths: boolean[] = [];
    for (let i = 0; i < stepSlot.length; i++) truths.push(stepSlot[i] === -1 || slotTruth(stepSlot[i], data, slots, previous, changed));
    return truths;
  }

  function activeSteps(data: FormData): Step[] {
    const truths = stepTruths(data);
    return steps.filter((_, i) => truths[i]);
  }

  function normalizeInPlace(out: FormData): FormData {
    for (const [field, chain] of normalizerChains) {
      if (out[field] === undefined) continue;
      let value: unknown = out[field];
      for (const fn of chain) value = fn(value);
      out[field] = value;
    }
    return out;
  }

  function normalize(data: FormData): FormData {
    return normalizeInPlace({ ...data });
  }

  /**
   * Computes derived values into `out`, in document order: later rules see earlier
   * results. With `flags` (a visibility pass's), a derived field hidden by its own rule
   * is left out. `keys` (out's keys, in order) is kept up to date, and `changed` gets
   * the fields whose presence or value this changes. Returns how many keys `out`
   * gained (negative when it lost some).
   */
  function deriveInto(out: FormData, flags: boolean[] | undefined, keys: string[], memo: DeriveMemo, changed?: Set<string>): number {
    let gained = 0;
    for (let i = 0; i < derivedRules.length; i++) {
      const [field, rule] = derivedRules[i];
      const present = hasOwn.call(out, field);
      const old = out[field];
      let value: unknown;
      const shown = flags === undefined || (derivedEntry[i] !== -1 && flags[derivedEntry[i]]);
      if (shown) {
        // A rule that reads the same values as when it last ran answers the same.
        const reads = derivedReads[i];
        const seen = memo.inputs[i];
        let same = reads !== null && seen !== undefined;
        for (let r = 0; same && r < reads!.length; r++) same = Object.is(out[reads![r]], seen![r]);
        if (same) value = memo.values[i];
        else {
          value = rule(out);
          if (reads !== null) {
            const inputs: unknown[] = [];
            for (const key of reads) inputs.push(out[key]);
            memo.inputs[i] = inputs;
            memo.values[i] = value;
          }
        }
      }
      if (!shown || value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) {
        if (present) {
          delete out[field];
          keys.splice(keys.indexOf(field), 1);
          gained--;
          changed?.add(field);
        }
      } else if (!present) {
        out[field] = value;
        keys.push(field);
        gained++;
        changed?.add(field);
      } else if (!Object.is(old, value)) {
        out[field] = value;
        changed?.add(field);
      }
    }
    return gained;
  }

  /**
   * The visible fields of `data`: its step is active and its rule holds. With the
   * previous pass's findings and the keys changed since, only the rules that read a
   * changed key are evaluated again.
   */
  function visibilityOf(data: FormData, previous?: Visibility, changed?: ReadonlySet<string>): Visibility {
    const slots: (boolean | undefined)[] = new Array(slotRules.length);
    const before = previous?.slots;
    const truths = stepTruths(data, slots, before, changed);
    const flags: boolean[] = new Array(visibility.length);
    const shown: number[] = [];
    for (let i = 0; i < visibility.length; i++) {
      const { stepIndex, slot } = visibility[i];
      const holds = (stepIndex === -1 || truths[stepIndex]) && (slot === -1 || slotTruth(slot, data, slots, before, changed));
      flags[i] = holds;
      if (holds) shown.push(i);
    }
    return { steps: truths, slots, flags, shown };
  }

  // When no derived rule reads a derived field (the usual case), the first derivation
  // needs no working object: every rule reads the input. The derived copy is then
  // built with its final keys in one go, as a clone of a kept object of that shape
  // (performance only: adding the derived fields to a copy one by one turns it into a
  // slow dictionary-mode object in V8, which every later read, the schema validator's
  // above all, pays for).
  const deriveFromInput = inPlace && derivedReads.every((reads) => reads !== null && !reads.some((key) => derivedFields.has(key)));
  /** No step or visibility rule reads a derived field: the input shows what its derived copy would. */
  const visibilityFromInput = slotRules.every((rule) => rule.reads !== null && ![...rule.reads].some((key) => derivedFields.has(key)));
  const templates: { keys: string[]; template: FormData }[] = [];

  /** A fast object with exactly `keys`, in order, their values still to be assigned (the templates hold no data). */
  function shapedLike(keys: string[]): FormData {
    let found = templates.find((t) => t.keys.length === keys.length && t.keys.every((key, i) => key === keys[i]));
    if (found === undefined) {
      found = { keys: [...keys], template: Object.fromEntries(keys.map((key) => [key, undefined])) };
      templates.unshift(found);
      if (templates.length > 16) templates.pop();
    }
    return { ...found.template };
  }

  const isSet = (value: unknown) => !(value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)));

  /**
   * The first derivation, read from `input` alone (only when no derived rule reads a
   * derived field): the derived values, and `keys` made the keys the derived copy has
   * (a set value kept in place or appended in document order, a null one dropped).
   * With `since`, a rule that reads none of the changed keys keeps its earlier value.
   */
  function deriveFrom(input: FormData, keys: string[], since?: Since): unknown[] {
    const values: unknown[] = [];
    let dropped: Set<string> | undefined;
    for (let i = 0; i < derivedRules.length; i++) {
      const [field, rule] = derivedRules[i];
      const value = since !== undefined && !affected(rule, since.changed) ? since.first.values[i] : rule(input);
      values.push(value);
      const present = hasOwn.call(input, field);
      if (!isSet(value)) {
        if (present) (dropped ??= new Set()).add(field);
      } else if (!present) keys.push(field);
    }
    if (dropped !== undefined) {
      const kept = keys.filter((key) => !dropped!.has(key));
      keys.length = 0;
      keys.push(...kept);
    }
    return values;
  }

  /** What later passes compare to know whether a derived value must be computed again. */
  function remember(memo: DeriveMemo, input: FormData, values: unknown[]): void {
    for (let i = 0; i < derivedRules.length; i++) {
      memo.inputs[i] = derivedReads[i]!.map((key) => input[key]);
      memo.values[i] = values[i];
    }
  }

  /** The derived copy with only `keys` (derived values from `values`, the rest from `input`). */
  function derivedObject(keys: string[], input: FormData, values: unknown[], hidden?: Set<string>, inputKept = false): FormData {
    const out = shapedLike(keys);
    // Every key of the input is kept (the usual case): one builtin copy does it.
    if (inputKept && !hasSymbols(input)) Object.assign(out, input);
    else for (const key of keys) out[key] = input[key];
    for (let i = 0; i < derivedRules.length; i++) {
      const field = derivedRules[i][0];
      if (isSet(values[i]) && (hidden === undefined || !hidden.has(field))) out[field] = values[i];
    }
    return out;
  }

  /** Whether a key of the data is a visible field, by a visibility pass's flags. */
  const isShown = (key: string, flags: boolean[]) => {
    const entry = entryOf.get(key);
    return entry !== undefined && flags[entry];
  };

  /**
   * Drops what is hidden, repeating until stable so a field hidden by a hidden field
   * goes too (at most MAX_VISIBILITY_PASSES passes, as always). Works on a copy of
   * `data`, normalised first when asked. Each pass is the former one (keep the visible
   * keys, derive again, stop when the key count holds), done in place on the copy
   * when nothing goes. With `since` (an earlier call's first pass and the keys that
   * changed since its input), the first pass evaluates only the rules that read one.
   */
  function pruneToVisible(data: FormData, normalizeFirst: boolean, since?: Since): Pruned {
    const input: FormData = { ...data };
    if (normalizeFirst) normalizeInPlace(input);
    let keys = Object.keys(input);
    const memo: DeriveMemo = { inputs: [], values: [] };
    let current: FormData;
    let count: number;
    let state: Visibility | undefined;
    let first: Visibility | undefined;
    let firstPass: FirstPass | undefined;
    let changed: Set<string> | undefined;
    let pass = 0;
    if (deriveFromInput && !keys.includes('__proto__')) {
      const inputKeyCount = keys.length;
      const values = deriveFrom(input, keys, since);
      // Derived fields appended (none of the input's dropped when this adds up).
      let appended = 0;
      for (let i = 0; i < derivedRules.length; i++) if (isSet(values[i]) && !hasOwn.call(input, derivedRules[i][0])) appended++;
      count = keys.length;
      if (visibilityFromInput) {
        // The first pass without its working copy: no visibility or step rule reads a
        // derived field, so the input shows what the derived copy would; and when no
        // visible derived field reads a hidden one, the next derivation gives the same
        // values, so the copy with the hidden keys dropped is built directly.
        first = visibilityOf(input, since?.first.visibility, since?.changed);
        firstPass = { values, visibility: first };
        const flags = first.flags;
        const hidden = new Set<string>();
        let hiddenInput = false;
        for (const key of keys)
          if (!isShown(key, flags)) {
            hidden.add(key);
            if (!hiddenInput && hasOwn.call(input, key)) hiddenInput = true;
          }
        let same = true;
        for (let i = 0; same && hidden.size > 0 && i < derivedRules.length; i++)
          if (derivedEntry[i] !== -1 && flags[derivedEntry[i]]) for (const key of derivedReads[i]!) if (hidden.has(key)) same = false;
        if (same) {
          let kept = keys;
          if (hidden.size > 0) {
            kept = [];
            for (const key of keys) if (!hidden.has(key)) kept.push(key);
          }
          const inputKept = inputKeyCount + appended === keys.length && !hiddenInput;
          current = derivedObject(kept, input, values, hidden, inputKept);
          // The key count holds, or the next pass would change nothing (see below).
          if (kept.length === count || (pruneReads !== null && ![...hidden].some((key) => pruneReads.has(key))))
            return { data: current, flags, shown: first.shown, active: first.steps, first: firstPass };
          remember(memo, input, values);
          keys = kept;
          count = kept.length;
          state = first;
          first = undefined;
          changed = hidden;
          pass = 1;
        } else {
          remember(memo, input, values);
          current = derivedObject(keys, input, values, undefined, inputKeyCount + appended === keys.length);
        }
      } else {
        remember(memo, input, values);
        current = derivedObject(keys, input, values, undefined, inputKeyCount + appended === keys.length);
      }
    } else {
      current = input;
      count = keys.length + deriveInto(current, undefined, keys, memo);
      if (!inPlace) count = Object.keys(current).length;
    }
    for (; pass < MAX_VISIBILITY_PASSES; pass++) {
      state = first ?? visibilityOf(current, state, changed);
      first = undefined;
      const flags = state.flags;
      if (!inPlace) keys = Object.keys(current);
      let hidden = 0;
      changed = new Set<string>();
      for (let i = 0; i < keys.length; i++) {
        if (!isShown(keys[i], flags)) {
          changed.add(keys[i]);
          hidden++;
        }
      }
      let next = current;
      if (inPlace && hidden > 0) {
        // The visible keys, in order, on a fresh fast object (no `delete`).
        const kept = keys.filter((key) => !changed!.has(key));
        next = shapedLike(kept);
        for (const key of kept) next[key] = current[key];
        keys = kept;
      } else if (!inPlace) {
        // As before: a new object, the visible keys assigned in order.
        next = {};
        const kept: string[] = [];
        for (const key of keys)
          if (!changed.has(key)) {
            next[key] = current[key];
            kept.push(key);
          }
        keys = kept;
      }
      let nextCount = keys.length + deriveInto(next, flags, keys, memo, changed);
      if (!inPlace) nextCount = Object.keys(next).length;
      current = next;
      if (nextCount === count) return { data: current, flags, shown: state.shown, active: stepTruths(current, [], state.slots, changed), first: firstPass };
      // When no rule reads what this pass changed (the usual hidden derived values), the
      // next pass would find the same visibility and derive the same values, so keep
      // the same keys and stop there with this pass's findings.
      if (pruneReads !== null && ![...changed].some((key) => pruneReads.has(key))) return { data: current, flags, shown: state.shown, active: state.steps, first: firstPass };
      count = nextCount;
    }
    state = visibilityOf(current, state, changed);
    return { data: current, flags: state.flags, shown: state.shown, active: state.steps, first: firstPass };
  }

  // The last argument of the read-only calls (computed, summary, steps, visibility,
  // view) and what was found for it: the browser asks several of them about the same
  // data object. A deep snapshot guards against a caller that edited the object in
  // place since, and tells the next object's changed keys (nested values included).
  interface Entry {
    input: FormData;
    snapshot: unknown;
    pruned: Pruned;
    /** today() when it was pruned. */
    day: number;
    /** The snapshot this entry's pruning started from, and the keys whose values differ from it. */
    from?: { snapshot: unknown; changed: ReadonlySet<string> };
    view?: FormView;
  }
  let cached: Entry | undefined;
  const viewEntries = new WeakMap<FormView, Entry>();

  /** Today's date in Finland as a number: the rules' answers are kept only within one day. */
  function today(): number {
    const { year, month, day } = finnishCalendarDate(new Date());
    return year * 10000 + month * 100 + day;
  }

  /** `data`'s entry; a new one is pruned from `basis` (by default the last entry) where that saves work. */
  function entryFor(data: FormData, basis: Entry | undefined = cached): Entry {
    if (cached !== undefined && cached.input === data && matchesSnapshot(data, cached.snapshot)) return cached;
    const day = today();
    const first = basis?.pruned.first;
    const changed = first !== undefined && basis!.day === day ? changedSince(data, basis!.snapshot) : undefined;
    const pruned = pruneToVisible(data, true, changed && { first: first!, changed });
    const snapshot = snapshotOf(data);
    const entry: Entry = { input: data, snapshot, pruned, day, from: changed && { snapshot: basis!.snapshot, changed } };
    cached = snapshot === UNCACHEABLE ? undefined : entry;
    return entry;
  }

  const preparedFor = (data: FormData): Pruned => entryFor(data).pruned;

  function view(data: FormData, previous?: FormView): FormView {
    const basis = previous === undefined ? undefined : viewEntries.get(previous);
    const entry = entryFor(data, basis);
    if (entry.view !== undefined) return entry.view;
    let changed: ReadonlySet<string> | undefined;
    if (basis !== undefined && basis.day === entry.day) changed = entry.from !== undefined && entry.from.snapshot === basis.snapshot ? entry.from.changed : changedSince(data, basis.snapshot);
    const { pruned } = entry;
    const made = makeView(
      { data, prepared: pruned.data, visible: pruned.shown.map((i) => visibility[i].field), active: pruned.active },
      changed && { view: previous!, changed },
    );
    entry.view = made;
    viewEntries.set(made, entry);
    return made;
  }

  function prepare(data: FormData): FormData {
    // A copy: the caller may edit what it gets, the cache must not see that.
    return { ...preparedFor(data).data };
  }

  /** The visible fields of active steps within `scope`: their visibility entries, in order, and a flag per entry. */
  function scopeFields({ shown, active }: Pruned, scope: Scope): InScope {
    const entries: number[] = [];
    const flags: boolean[] = new Array(visibility.length).fill(false);
    for (const i of shown) {
      const { field, step, stepIndex } = visibility[i];
      if (stepIndex === -1 || !active[stepIndex]) continue;
      if (scope.fields && !scope.fields.includes(field)) continue;
      if (scope.step !== undefined && step !== scope.step) continue;
      if (scope.uptoStep !== undefined && step! > scope.uptoStep) continue;
      entries.push(i);
      flags[i] = true;
    }
    return { entries, flags };
  }

  const inScopeField = (inScope: InScope, field: string) => {
    const entry = entryOf.get(field);
    return entry !== undefined && inScope.flags[entry];
  };

  function unknownFields(data: FormData): string[] {
    return Object.keys(data).filter((key) => !(key in properties));
  }

  /**
   * The errors of `prepared` in scope: one message per field, the first in the order
   * unknown fields, required, schema, checks; sorted in form order. `schemaScope` (by
   * default the scope) is where the schema's own errors count: a save checks every
   * answer it carries by the schema, its required rules and checks only on its steps. `memo` carries
   * what an earlier call on the same data found (the schema validation, each rule's
   * answer), so a save checks its own steps and then the whole form without
   * validating or evaluating anything twice.
   */
  function collectErrors(data: FormData, prepared: FormData, inScope: InScope, memo?: ErrorMemo, schemaScope: InScope = inScope): FieldError[] {
    const errors = new Map<string, FieldError>();

    for (const key of Object.keys(data)) if (!knownFields.has(key) && !(key in properties)) addError(errors, key, messageFor(doc, key, ['additionalProperties']));

    for (const entry of inScope.entries) {
      const rule = requiredOf[entry];
      const field = visibility[entry].field;
      if (rule === undefined || !isEmpty(prepared[field])) continue;
      let required = rule === true ? true : memo?.required.get(field);
      if (required === undefined) {
        required = (rule as CompiledRule).truthy(prepared);
        memo?.required.set(field, required);
      }
      if (required) addError(errors, field, messageFor(doc, field, ['required']));
    }

    if (parted !== undefined && !parted.loaded()) {
      for (const entry of schemaScope.entries) {
        const field = visibility[entry].field;
        if (prepared[field] !== undefined && parted.pending(field)) throw new SchemaPartPendingError(doc.id, field);
      }
    }
    let schemaErrors = memo?.schema;
    if (schemaErrors === undefined) {
      schemaErrors = validateSchema(prepared) ? [] : collapseBranchErrors(validateSchema.errors ?? []);
      if (memo) memo.schema = schemaErrors;
    }
    for (const error of schemaErrors) {
      const field = errorField(error);
      if (inScopeField(schemaScope, topLevelField(field))) addError(errors, field, messageFor(doc, field, messageKeys(error), error.params));
    }

    for (let n = 0; n < checks.length; n++) {
      const { check, top, entry, rule, rowKey, before, after } = checks[n];
      if (entry === -1 || !inScope.flags[entry]) continue;
      if (rowKey !== undefined) {
        const rows = prepared[top];
        if (!Array.isArray(rows)) continue;
        for (let index = 0; index < rows.length; index++) {
          if (!(index in rows)) continue; // as forEach did: holes are skipped
          const row = rows[index];
          const field = before + index + after;
          const value = (row as FormData | null)?.[rowKey];
          if (errors.has(field) || (!check.whenEmpty && isEmpty(value))) continue;
          const key = `${n}.${index}`;
          let holds = memo?.checks.get(key);
          if (holds === undefined) {
            holds = rule.truthy(prepared, { $row: row, $index: index });
            memo?.checks.set(key, holds);
          }
          if (!holds) addError(errors, field, check.message ?? messageFor(doc, check.field, []));
        }
      } else {
        if (errors.has(check.field) || (!check.whenEmpty && isEmpty(prepared[check.field]))) continue;
        let holds = memo?.checks.get(n);
        if (holds === undefined) {
          holds = rule.truthy(prepared);
          memo?.checks.set(n, holds);
        }
        if (!holds) addError(errors, check.field, check.message ?? messageFor(doc, check.field, []));
      }
    }

    return errors.size === 0 ? [] : [...errors.values()].sort(byErrorOrder);
  }

  function validate(data: FormData, scope: Scope = {}): PreparedValidation {
    const pruned = pruneToVisible(data, true);
    const errors = collectErrors(data, pruned.data, scopeFields(pruned, scope));
    return { valid: errors.length === 0, errors, data: pruned.data };
  }

  /**
   * Steps 1..uptoStep must be valid; later steps' answers are kept (the applicant may
   * be going back), but only the valid ones: what is stored always satisfies the
   * document. One pruning and one schema validation serve both checks (the former
   * code validated the data twice), and no rule is evaluated twice. With
   * `laterAnswers: 'refuse'` (validateSave) a later step's answer its schema refuses is
   * an error rather than left out.
   */
  function submission(data: FormData, uptoStep: number, laterAnswers: 'drop' | 'refuse'): PreparedValidation {
    const pruned = pruneToVisible(data, true);
    const memo = newMemo();
    const everyStep = scopeFields(pruned, {});
    const upto = collectErrors(data, pruned.data, scopeFields(pruned, { uptoStep }), memo, laterAnswers === 'refuse' ? everyStep : undefined);
    const result = { valid: upto.length === 0, errors: upto, data: pruned.data };
    if (!result.valid) return result;
    const whole = collectErrors(data, pruned.data, everyStep, memo);
    const invalidLater = new Set(whole.map((error) => topLevelField(error.field)));
    if (invalidLater.size === 0) return result;
    const kept: FormData = {};
    for (const [key, value] of Object.entries(result.data)) if (!invalidLater.has(key)) kept[key] = value;
    return { ...result, data: pruneToVisible(kept, false).data };
  }

  function neighbourStep(current: number, data: FormData, direction: 1 | -1): number | null {
    const { active } = preparedFor(data);
    const numbers = steps.filter((_, i) => active[i]).map((step) => step.number);
    const candidates = direction === 1 ? numbers.filter((n) => n > current) : numbers.filter((n) => n < current).reverse();
    return candidates[0] ?? null;
  }

  function buttonLabel(stepNumber: number, data: FormData): string {
    const step = steps.find((s) => s.number === stepNumber);
    if (!step) throw new Error(`${doc.id}: ei vaihetta ${stepNumber}`);
    const rule = stepButton.get(step);
    return rule === undefined ? (step.button as string) : String(rule(preparedFor(data).data));
  }

  function computed(data: FormData): Record<string, unknown> {
    const prepared = preparedFor(data).data;
    const out: Record<string, unknown> = {};
    for (const [name, rule] of computedRules) out[name] = rule(prepared);
    return out;
  }

  function summarySections(data: FormData, currentStep: number): SummarySection[] {
    const prepared = preparedFor(data).data;
    return (doc.summary ?? [])
      .filter((section) => {
        if (!(currentStep > section.showAfterStep)) return false;
        const rule = summaryWhen.get(section);
        return rule === undefined || rule.truthy(prepared);
      })
      .map((section) => ({ ...section, fields: section.fields.filter((field) => field in prepared) }));
  }

  return {
    document: doc,
    fieldIds,
    unknownFields,
    normalize,
    prepare,
    isVisible: (field, data) => isShown(field, preparedFor(data).flags),
    visibleFields: (data) => preparedFor(data).shown.map((i) => visibility[i].field).sort(byFieldOrder),
    activeSteps,
    stepOf: (field) => stepOfField.get(field),
    nextStep: (current, data) => neighbourStep(current, data, 1),
    previousStep: (current, data) => neighbourStep(current, data, -1),
    buttonLabel,
    computed,
    summarySections,
    view,
    label: (field) => fieldLabel(doc, field),
    validate,
    validateField: (data, field) => validate(data, { fields: [topLevelField(field)] }).errors.filter((e) => e.field === field || e.field.startsWith(`${field}.`)),
    checkedWith: (field) => checkedWithField.get(field) ?? [],
    validateStep: (data, step) => validate(data, { step }),
    validateSubmission: (data, { uptoStep }) => submission(data, uptoStep, 'drop'),
    validateSave: (data, { uptoStep }) => submission(data, uptoStep, 'refuse'),
    schemaLoaded: () => parted === undefined || parted.loaded(),
    whenSchemaLoaded: () => (parted === undefined || parted.loaded() ? Promise.resolve() : parted.load()),
  };
}
