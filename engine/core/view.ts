// The view of one data object: everything a page shows that the rules decide
// (visible and required fields, active steps, computed values, rule-made labels,
// summary sections), computed once per data object and shared by everything that
// renders it (issue 13: the browser used to ask the runtime the same questions about
// six times a keystroke). A view made from the previous one keeps each rule's answer
// when the rule reads none of the keys that changed between the two, so a keystroke
// evaluates the rules that read the edited field.
import type { CompiledRule } from './rule-compiler.ts';
import { isEmpty } from './fields.ts';
import type { FormData, Step, SummarySection, Warning } from './types.ts';

export interface FormView {
  /** The data object this is the view of. */
  readonly data: FormData;
  /** Normalised, derived, hidden fields pruned (what `runtime.prepare` copies): read, never edit. */
  readonly prepared: Readonly<FormData>;
  /** Visible fields of active steps (and visible derived fields). */
  readonly visible: ReadonlySet<string>;
  /** Visible fields whose `required` rule holds. */
  readonly required: ReadonlySet<string>;
  readonly activeSteps: readonly Step[];
  /** `rules.computed`, by name. */
  readonly computed: Readonly<Record<string, unknown>>;
  /** Fields whose `ui:title` is a rule, with the title it gives (read from the data as typed). */
  readonly titles: Readonly<Record<string, string>>;
  /** Per visible field with an answer: the message of its first warning whose rule does not hold. */
  readonly warnings: Readonly<Record<string, string>>;
  buttonLabel(step: number): string;
  /** The summary sections shown once the applicant is on `currentStep`, with the fields that have answers. */
  summarySections(currentStep: number): SummarySection[];
}

/** The document's rules a view evaluates, compiled once by the runtime. */
export interface ViewRules {
  /** The document's id, for an error naming it. */
  id: string;
  /** Steps in number order. */
  steps: readonly Step[];
  required: ReadonlyMap<string, true | CompiledRule>;
  computed: ReadonlyArray<readonly [string, CompiledRule]>;
  summary: ReadonlyArray<readonly [SummarySection, CompiledRule | undefined]>;
  /** Per step number: its button's rule (a fixed label needs none). */
  buttons: ReadonlyMap<number, CompiledRule>;
  /** Per field: its `ui:title` rule. */
  titles: ReadonlyArray<readonly [string, CompiledRule]>;
  /** `rules.warnings` in document order. */
  warnings: ReadonlyArray<readonly [Warning, CompiledRule]>;
}

/** What the pruning found for the data object. */
export interface ViewInput {
  data: FormData;
  prepared: FormData;
  /** Visible fields, in the runtime's order. */
  visible: readonly string[];
  /** Per step (in number order): active. */
  active: readonly boolean[];
}

/** The view the new one is made from, and the top-level keys of the data that changed since. */
export interface ViewBasis {
  view: FormView;
  changed: ReadonlySet<string>;
}

/** Every answer a view gave, for the next view to keep. */
interface Answers {
  required: Map<string, boolean>;
  computed: unknown[];
  summary: boolean[];
  /** Summary sections as shown (fields with answers), per section index. */
  sections: SummarySection[];
  buttons: Map<number, string>;
  titles: string[];
  /** Per warning: it is shown. */
  warned: boolean[];
  visible: readonly string[];
  active: readonly boolean[];
}

const hasOwn = Object.prototype.hasOwnProperty;

function readsAny(rule: CompiledRule, changed: ReadonlySet<string>): boolean {
  if (rule.reads === null) return true;
  for (const key of rule.reads) if (changed.has(key)) return true;
  return false;
}

/** The keys of two prepared objects whose values differ (a key absent on one side reads as undefined). */
function preparedChanges(before: FormData, after: FormData, also: ReadonlySet<string>): Set<string> {
  const changed = new Set(also);
  for (const key in after) if (hasOwn.call(after, key) && !Object.is(before[key], after[key])) changed.add(key);
  for (const key in before) if (hasOwn.call(before, key) && !hasOwn.call(after, key) && before[key] !== undefined) changed.add(key);
  return changed;
}

/** The same items in the same order, each the same object (the lists a view hands out keep their items' identity). */
export const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => Object.is(item, b[i]));

export function viewMaker(rules: ViewRules): (input: ViewInput, basis?: ViewBasis) => FormView {
  const answersOf = new WeakMap<FormView, Answers>();

  return function makeView({ data, prepared, visible, active }: ViewInput, basis?: ViewBasis): FormView {
    const before = basis && answersOf.get(basis.view);
    // Prepared values also change without an edit (a field hidden, a value derived), so
    // the rules over prepared data see those keys as changed too. Nested values are
    // compared by the caller's `changed` (a row edited in place keeps its array).
    const preparedChanged = before && preparedChanges(basis!.view.prepared, prepared, basis!.changed);
    const keep = (rule: CompiledRule, changed: ReadonlySet<string> | undefined) => changed !== undefined && !readsAny(rule, changed);

    const visibleSet = before && sameList(before.visible, visible) ? basis!.view.visible : new Set(visible);
    const activeSteps = before && sameList(before.active, active) ? basis!.view.activeSteps : rules.steps.filter((_, i) => active[i]);

    const required = new Map<string, boolean>();
    const requiredSet = new Set<string>();
    for (const field of visible) {
      const rule = rules.required.get(field);
      if (rule === undefined) continue;
      let holds: boolean;
      if (rule === true) holds = true;
      else {
        const earlier = before?.required.get(field);
        holds = earlier !== undefined && keep(rule, preparedChanged) ? earlier : rule.truthy(prepared);
      }
      required.set(field, holds);
      if (holds) requiredSet.add(field);
    }
    const sameRequired = before !== undefined && requiredSet.size === basis!.view.required.size && [...requiredSet].every((field) => basis!.view.required.has(field));

    const computedValues = rules.computed.map(([, rule], i) => (before && keep(rule, preparedChanged) ? before.computed[i] : rule(prepared)));
    const computed = Object.fromEntries(rules.computed.map(([name], i) => [name, computedValues[i]]));

    const titleValues = rules.titles.map(([, rule], i) => (before && keep(rule, basis!.changed) ? before.titles[i] : String(rule(data))));
    const titles = Object.fromEntries(rules.titles.map(([field], i) => [field, titleValues[i]]));

    // A warning speaks about an answer: none for a hidden or empty field.
    const warned = rules.warnings.map(([warning, rule], i) => {
      if (!visibleSet.has(warning.field) || isEmpty(prepared[warning.field])) return false;
      if (before && keep(rule, preparedChanged) && !preparedChanged!.has(warning.field)) return before.warned[i];
      return !rule.truthy(prepared);
    });
    const warnings: Record<string, string> = {};
    rules.warnings.forEach(([warning], i) => {
      if (warned[i] && !hasOwn.call(warnings, warning.field)) warnings[warning.field] = warning.message;
    });

    const summaryTruths = rules.summary.map(([, rule], i) => rule === undefined || (before && keep(rule, preparedChanged) ? before.summary[i] : rule.truthy(prepared)));
    const sections = rules.summary.map(([section], i) => {
      const fields = section.fields.filter((field) => field in prepared);
      const earlier = before?.sections[i];
      // The same object while nothing in it changed, so a renderer can skip it.
      return earlier && sameList(earlier.fields, fields) ? earlier : { ...section, fields };
    });

    const buttons = new Map<number, string>();
    const answers: Answers = {
      required,
      computed: computedValues,
      summary: summaryTruths,
      sections,
      buttons,
      titles: titleValues,
      warned,
      visible,
      active,
    };

    const view: FormView = {
      data,
      prepared,
      visible: visibleSet,
      required: sameRequired ? basis!.view.required : requiredSet,
      activeSteps,
      computed,
      titles,
      warnings: before && sameList(before.warned, warned) ? basis!.view.warnings : warnings,
      buttonLabel(number) {
        const step = rules.steps.find((s) => s.number === number);
        if (!step) throw new Error(`${rules.id}: ei vaihetta ${number}`);
        const rule = rules.buttons.get(number);
        if (rule === undefined) return step.button as string;
        let label = buttons.get(number);
        if (label === undefined) {
          const earlier = before?.buttons.get(number);
          label = earlier !== undefined && keep(rule, preparedChanged) ? earlier : String(rule(prepared));
          buttons.set(number, label);
        }
        return label;
      },
      summarySections: (currentStep) => sections.filter((section, i) => currentStep > section.showAfterStep && summaryTruths[i]),
    };
    answersOf.set(view, answers);
    return view;
  };
}
