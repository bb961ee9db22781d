// The condition builder's edits as pure functions of the root group, so the React
// component only renders and dispatches: a path is child indexes from the root.
import { knownOperation, operationsIn, variablesIn } from '../logic.ts';
import { checkReferences, type Refusal } from './check.ts';
import type { ConditionField, FieldKind } from './fields.ts';
import { type Condition, type ConditionNode, type Group, type Operator, parseRule, ruleFromRootGroup, type Scalar, type SubjectFunction, UNARY, type Value } from './model.ts';
import { conditionTexts } from './texts.fi.ts';

export type Path = readonly number[];

/** The operators the builder offers for a field of a kind (and for an operation of an identity code). */
export function operatorsFor(kind: FieldKind | undefined, fn?: SubjectFunction): Operator[] {
  if (fn === 'personalIdAge') return ['==', '!=', '<', '<=', '>', '>=', 'between'];
  if (fn === 'personalIdSex') return ['==', '!='];
  switch (kind) {
    case 'boolean':
      return ['==', '!=', 'truthy', 'falsy'];
    case 'choice':
      return ['==', '!=', 'in', 'hasValue', 'isEmpty'];
    case 'number':
      return ['==', '!=', '<', '<=', '>', '>=', 'between', 'hasValue', 'isEmpty', 'truthy', 'falsy', 'monthYearNotInFuture', 'monthYearNotInPast'];
    default:
      return ['==', '!=', 'hasValue', 'isEmpty', 'truthy', 'falsy'];
  }
}

/** A value to start from when the field or the operator changes: the first choice, `true`, or nothing yet. */
export function defaultValue(field: ConditionField | undefined, operator: Operator, fn?: SubjectFunction): Value | undefined {
  if (UNARY.has(operator)) return undefined;
  if (operator === 'monthYearNotInFuture' || operator === 'monthYearNotInPast') return { kind: 'field', field: '' };
  if (fn === 'personalIdSex') return { kind: 'literal', value: 'male' };
  if (operator === 'in') return { kind: 'list', values: field?.options?.length ? [field.options[0].value] : [] };
  if (!fn && field?.options?.length) return { kind: 'literal', value: field.options[0].value };
  if (!fn && field?.kind === 'boolean') return { kind: 'literal', value: true };
  return { kind: 'literal', value: '' };
}

export function newCondition(field: ConditionField | undefined): Condition {
  const operator = operatorsFor(field?.kind)[0];
  const condition: Condition = { kind: 'condition', subject: { field: field?.id ?? '' }, operator };
  const value = defaultValue(field, operator);
  if (value) condition.value = value;
  return condition;
}

export function nodeAt(root: Group, path: Path): ConditionNode | undefined {
  let node: ConditionNode | undefined = root;
  for (const index of path) node = node?.kind === 'group' ? node.children[index] : undefined;
  return node;
}

/** The root with the node at `path` replaced by what `change` returns (undefined removes it). */
export function updateAt(root: Group, path: Path, change: (node: ConditionNode) => ConditionNode | undefined): Group {
  const go = (node: ConditionNode, rest: Path): ConditionNode | undefined => {
    if (rest.length === 0) return change(node);
    if (node.kind !== 'group') return node;
    const [index, ...deeper] = rest;
    const children: ConditionNode[] = [];
    node.children.forEach((child, at) => {
      const next = at === index ? go(child, deeper) : child;
      if (next) children.push(next);
    });
    return { ...node, children };
  };
  return (go(root, path) as Group | undefined) ?? { kind: 'group', combinator: 'and', children: [] };
}

export const addCondition = (root: Group, path: Path, field: ConditionField | undefined): Group =>
  updateAt(root, path, (node) => (node.kind === 'group' ? { ...node, children: [...node.children, newCondition(field)] } : node));

/** A new group holds one condition, so it is never empty (an empty group is refused). */
export const addGroup = (root: Group, path: Path, field: ConditionField | undefined): Group =>
  updateAt(root, path, (node) => (node.kind === 'group' ? { ...node, children: [...node.children, { kind: 'group', combinator: node.combinator === 'and' ? 'or' : 'and', children: [newCondition(field)] }] } : node));

export const removeAt = (root: Group, path: Path): Group => (path.length === 0 ? { ...root, children: [] } : updateAt(root, path, () => undefined));

/** A condition's field changed: keep the operator when the new field offers it, else start over. */
export function withField(condition: Condition, field: ConditionField | undefined, id: string): Condition {
  const fn = field?.kind === 'personalId' ? condition.subject.fn : undefined;
  const operators = operatorsFor(field?.kind, fn);
  const operator = operators.includes(condition.operator) ? condition.operator : operators[0];
  const next: Condition = { kind: 'condition', subject: { field: id, ...(fn ? { fn } : {}) }, operator, ...(condition.negated ? { negated: true } : {}) };
  const value = defaultValue(field, operator, fn);
  if (value) next.value = value;
  return next;
}

export function withOperator(condition: Condition, field: ConditionField | undefined, operator: Operator): Condition {
  const { value: _value, upper: _upper, ...rest } = condition;
  const next: Condition = { ...rest, operator };
  // A comparison keeps a value of the same shape (switching == to != keeps the choice).
  const keep = condition.value && !UNARY.has(operator) && (condition.value.kind === 'list') === (operator === 'in') && !operator.startsWith('monthYear') && !condition.operator.startsWith('monthYear');
  const value = keep ? condition.value : defaultValue(field, operator, condition.subject.fn);
  if (value) next.value = value;
  if (operator === 'between') next.upper = condition.upper ?? { kind: 'literal', value: '' };
  return next;
}

export function withFunction(condition: Condition, field: ConditionField | undefined, fn: SubjectFunction | undefined): Condition {
  const operators = operatorsFor(field?.kind, fn);
  const operator = operators[0];
  const next: Condition = { kind: 'condition', subject: { field: condition.subject.field, ...(fn ? { fn } : {}) }, operator, ...(condition.negated ? { negated: true } : {}) };
  const value = defaultValue(field, operator, fn);
  if (value) next.value = value;
  return next;
}

/** What an input's text means as a value: a number for a number field (or an age), else the text. */
export function literalFrom(text: string, field: ConditionField | undefined, fn?: SubjectFunction): Scalar {
  const numeric = fn === 'personalIdAge' || (!fn && field?.kind === 'number');
  if (numeric && text.trim() !== '' && Number.isFinite(Number(text.replace(',', '.')))) return Number(text.replace(',', '.'));
  return text;
}

/** A choice's value from a select's option index (the select's own values are strings). */
export const optionValue = (field: ConditionField | undefined, index: number): Scalar => field?.options?.[index]?.value ?? null;

export type Outcome = { ok: true; rule: unknown } | { ok: false; refusals: Refusal[] };

export interface CommitOptions {
  fields: readonly ConditionField[];
  /** The field the rule belongs to, so a later step's field is refused; without it only unknown fields are. */
  field?: string;
}

/** The root group as a rule, or why it cannot be one: only an outcome that is `ok` reaches onChange. */
export function commitGroup(root: Group, options: CommitOptions): Outcome {
  if (root.children.length === 0) return { ok: true, rule: undefined };
  const refusals = checkReferences(root, { field: options.field ?? '', fields: options.fields });
  return refusals.length ? { ok: false, refusals } : { ok: true, rule: ruleFromRootGroup(root) };
}

export type JsonOutcome = { ok: true; rule: unknown; model?: Group } | { ok: false; message: string } | { ok: false; refusals: Refusal[] };

const texts = conditionTexts.json;

/** The JSON editor's text as a rule: parsed, its operations known, its fields checked like the builder's. */
export function commitJson(text: string, options: CommitOptions): JsonOutcome {
  if (text.trim() === '') return { ok: true, rule: undefined };
  let rule: unknown;
  try {
    rule = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: texts.invalid((error as Error).message) };
  }
  const parsed = parseRule(rule);
  if (parsed.kind === 'model') {
    const model: Group = parsed.root.kind === 'group' ? parsed.root : { kind: 'group', combinator: 'and', children: [parsed.root] };
    const refusals = checkReferences(parsed.root, { field: options.field ?? '', fields: options.fields });
    return refusals.length ? { ok: false, refusals } : { ok: true, rule, model };
  }
  // `true` is "always" (a field required whatever the answers).
  if (typeof rule === 'boolean') return { ok: true, rule };
  if (typeof rule !== 'object' || rule === null) return { ok: false, message: texts.notRule };
  for (const name of operationsIn(rule)) if (!knownOperation(name)) return { ok: false, message: texts.unknownOperation(name) };
  // A raw rule's fields are checked as names only: the builder cannot tell a subject from a value there.
  const known = new Set(options.fields.map((field) => field.id.split('.')[0]));
  for (const name of variablesIn(rule)) if (!name.startsWith('$') && !known.has(name)) return { ok: false, refusals: [{ at: [], message: conditionTexts.refusal.unknownField(name) }] };
  return { ok: true, rule };
}
