// What a new version does to applicants: the live version's generated cases run
// through the live and the candidate validator, and each case whose outcome differs
// is broken down per field (the message the field gave before and gives now), so a
// reviewer reads "Lainasumma: Vähintään 500 → Vähintään 1000, 3 tapausta" rather
// than two case files. Both sides run today, so cases kept from an earlier day
// still compare like with like (date-relative limits move for both).
import { fieldLabel, fieldOrder, topLevelField } from '../core/fields.ts';
import type { FormRuntime } from '../core/runtime.ts';
import type { FieldError, FormDocument } from '../core/types.ts';
import { actualOf, type CaseKind, type CaseSet, type Expected } from './cases.ts';

export type Outcome = 'validToInvalid' | 'invalidToValid' | 'messageChanged';

export interface CaseChange {
  id: string;
  kind: CaseKind;
  description: string;
  variant: string;
  outcome: Outcome;
  before: Expected;
  after: Expected;
}

/** One field's message before and after (null: no error), over `count` cases. */
export interface MessageChange {
  before: string | null;
  after: string | null;
  count: number;
  /** The first few case ids, for a reviewer to open. */
  examples: string[];
}

export interface FieldChange {
  /** The error's field, a list row's as `list.0.prop`. */
  field: string;
  /** The field's Finnish name (the candidate's, or the live one's for a field the candidate dropped). */
  label: string;
  count: number;
  changes: MessageChange[];
}

export interface BehaviourDiff {
  /** Live cases run against the candidate. */
  compared: number;
  /** Cases whose outcome changed. */
  changed: number;
  outcomes: Record<Outcome, number>;
  /** In the form's field order. */
  fields: FieldChange[];
  cases: CaseChange[];
  /** Live variant sets the candidate cannot form (a variant removed): their cases were not run. */
  missingVariantSets: string[];
}

const EXAMPLES = 5;

/** A runtime for a document's variant set, or null when the document has no such set. */
export type RuntimeOf = (variants: string[]) => FormRuntime | null;

export function behaviourDiff(live: FormDocument, candidate: FormDocument, liveSuites: readonly CaseSet[], liveRuntime: RuntimeOf, candidateRuntime: RuntimeOf): BehaviourDiff {
  const cases: CaseChange[] = [];
  const missingVariantSets: string[] = [];
  let compared = 0;
  for (const suite of liveSuites) {
    const before = liveRuntime(suite.variants);
    const after = candidateRuntime(suite.variants);
    if (!before || !after) {
      missingVariantSets.push(suite.variant);
      continue;
    }
    for (const testCase of suite.cases) {
      compared++;
      const was = actualOf(before, testCase);
      const is = actualOf(after, testCase);
      const outcome = outcomeOf(was, is);
      if (outcome) cases.push({ id: testCase.id, kind: testCase.kind, description: testCase.description, variant: suite.variant, outcome, before: was, after: is });
    }
  }
  const outcomes: Record<Outcome, number> = { validToInvalid: 0, invalidToValid: 0, messageChanged: 0 };
  for (const change of cases) outcomes[change.outcome]++;
  return { compared, changed: cases.length, outcomes, fields: byField(live, candidate, cases), cases, missingVariantSets };
}

/** The change between two results, or null when every field gives the same message (an order alone is no change). */
export function outcomeOf(before: Expected, after: Expected): Outcome | null {
  if (before.valid !== after.valid) return before.valid ? 'validToInvalid' : 'invalidToValid';
  return fieldDifferences(before, after).length ? 'messageChanged' : null;
}

function messagesByField(result: Expected): Map<string, string> {
  const out = new Map<string, string>();
  for (const { field, message } of result.valid ? [] : (result.errors as FieldError[])) out.set(field, out.has(field) ? `${out.get(field)} / ${message}` : message);
  return out;
}

/** Each field whose message differs: before and after, null for no error. */
export function fieldDifferences(before: Expected, after: Expected): { field: string; before: string | null; after: string | null }[] {
  const was = messagesByField(before);
  const is = messagesByField(after);
  return [...new Set([...was.keys(), ...is.keys()])]
    .map((field) => ({ field, before: was.get(field) ?? null, after: is.get(field) ?? null }))
    .filter((d) => d.before !== d.after);
}

function byField(live: FormDocument, candidate: FormDocument, cases: CaseChange[]): FieldChange[] {
  const fields = new Map<string, { first: number; cases: Set<string>; changes: Map<string, MessageChange> }>();
  cases.forEach((change, index) => {
    for (const diff of fieldDifferences(change.before, change.after)) {
      let entry = fields.get(diff.field);
      if (!entry) fields.set(diff.field, (entry = { first: index, cases: new Set(), changes: new Map() }));
      entry.cases.add(change.id);
      const key = JSON.stringify([diff.before, diff.after]);
      let message = entry.changes.get(key);
      if (!message) entry.changes.set(key, (message = { before: diff.before, after: diff.after, count: 0, examples: [] }));
      message.count++;
      if (message.examples.length < EXAMPLES) message.examples.push(change.id);
    }
  });
  const order = fieldOrder(candidate);
  const liveOrder = fieldOrder(live);
  const rank = (field: string) => order.get(topLevelField(field)) ?? (liveOrder.has(topLevelField(field)) ? order.size + liveOrder.get(topLevelField(field))! : Number.MAX_SAFE_INTEGER);
  return [...fields.entries()]
    .sort(([a, x], [b, y]) => rank(a) - rank(b) || x.first - y.first)
    .map(([field, entry]) => ({
      field,
      label: labelOf(live, candidate, field),
      count: entry.cases.size,
      changes: [...entry.changes.values()].sort((a, b) => b.count - a.count),
    }));
}

function labelOf(live: FormDocument, candidate: FormDocument, field: string): string {
  const label = fieldLabel(candidate, field);
  return label === field ? fieldLabel(live, field) : label;
}
