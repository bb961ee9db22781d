// The condition builder's model of a JSON-Logic rule (issue 30): groups (`and`/`or`,
// nested, optionally negated with `!`) of conditions {subject, operator, value}. It
// covers the shapes the documents in forms/ and forms/sections/ write; anything else is
// `raw`, and the studio edits it as JSON. `formatRule(parseRule(rule))` gives the rule back
// as written, except that `{"!": [x]}` comes back as `{"!": x}` (json-logic-js reads a
// unary operation's lone argument the same either way; see canonicalRule).
import type { Logic } from '../types.ts';
import { conditionTexts } from './texts.fi.ts';

const reasons = conditionTexts.raw;

/** Operations of one field that the documents test (custom-validators/logic-operations.ts). */
export const SUBJECT_FUNCTIONS = ['personalIdAge', 'personalIdSex'] as const;
export type SubjectFunction = (typeof SUBJECT_FUNCTIONS)[number];

/** What a condition tests: a field (a `var` path), or an operation of it such as the age in an identity code. */
export interface Subject {
  field: string;
  fn?: SubjectFunction;
  /** `{"var": [field, default]}`: the value used while the field has none. */
  default?: Scalar;
}

export type Scalar = string | number | boolean | null;

export type Value =
  | { kind: 'literal'; value: Scalar }
  | { kind: 'list'; values: Scalar[] }
  /** Another field's value (`{"var": "other"}`), e.g. an e-mail that must differ from the applicant's. */
  | { kind: 'field'; field: string }
  /** A document constant (`{"var": "$const.path"}`). */
  | { kind: 'const'; path: string };

export const COMPARISONS = ['==', '!=', '<', '<=', '>', '>='] as const;
export type Comparison = (typeof COMPARISONS)[number];

/**
 * - comparisons: `{op: [subject, value]}`
 * - `in`: `{"in": [subject, [values]]}`
 * - `between`: `{"<=": [value, subject, upper]}`
 * - `truthy`: `{"var": f}`; `falsy`: `{"!": {"var": f}}`; `hasValue`: `{"!!": {"var": f}}`; `isEmpty`: `{"isEmpty": [{"var": f}]}`
 * - `monthYearNotInFuture` / `monthYearNotInPast`: subject is the month field, value the year field
 */
export const OPERATORS = [...COMPARISONS, 'in', 'between', 'truthy', 'falsy', 'hasValue', 'isEmpty', 'monthYearNotInFuture', 'monthYearNotInPast'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators that take no value. */
export const UNARY: ReadonlySet<Operator> = new Set(['truthy', 'falsy', 'hasValue', 'isEmpty']);

export interface Condition {
  kind: 'condition';
  subject: Subject;
  operator: Operator;
  value?: Value;
  /** The upper limit of `between`. */
  upper?: Value;
  /** Written as `{"!": condition}`. */
  negated?: boolean;
}

export interface Group {
  kind: 'group';
  combinator: 'and' | 'or';
  children: ConditionNode[];
  /** Written as `{"!": {and|or: …}}`. */
  negated?: boolean;
}

export type ConditionNode = Condition | Group;

export type ParsedRule = { kind: 'model'; root: ConditionNode } | { kind: 'raw'; rule: unknown; reason: string };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is Scalar => value === null || ['string', 'number', 'boolean'].includes(typeof value);
/** `{op: args}` with exactly one key: every JSON-Logic operation is written so. */
const operation = (value: unknown): [string, unknown] | undefined => {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 ? [keys[0], value[keys[0]]] : undefined;
};
/** A unary operation's argument: `{"!": x}` and `{"!": [x]}` are the same to json-logic-js. */
const single = (args: unknown): unknown => (Array.isArray(args) && args.length === 1 ? args[0] : Array.isArray(args) ? undefined : args);

class Unsupported extends Error {}
const unsupported = (reason: string): never => {
  throw new Unsupported(reason);
};

/** `{"var": "path"}` or `{"var": ["path", default]}` → the path and default. */
function readVar(expression: unknown): { path: string; default?: Scalar } | undefined {
  const op = operation(expression);
  if (!op || op[0] !== 'var') return undefined;
  const args = op[1];
  if (typeof args === 'string' && args !== '') return { path: args };
  if (Array.isArray(args) && typeof args[0] === 'string' && args[0] !== '') {
    if (args.length === 1) return { path: args[0] };
    if (args.length === 2 && isScalar(args[1])) return { path: args[0], default: args[1] };
  }
  return undefined;
}

const isConstPath = (path: string) => path.startsWith('$const.');

function readSubject(expression: unknown): Subject | undefined {
  const variable = readVar(expression);
  if (variable) return isConstPath(variable.path) ? undefined : { field: variable.path, ...(variable.default !== undefined ? { default: variable.default } : {}) };
  const op = operation(expression);
  if (!op || !(SUBJECT_FUNCTIONS as readonly string[]).includes(op[0]) || !Array.isArray(op[1]) || op[1].length !== 1) return undefined;
  const inner = readVar(op[1][0]);
  if (!inner || isConstPath(inner.path) || inner.default !== undefined) return undefined;
  return { field: inner.path, fn: op[0] as SubjectFunction };
}

function readValue(expression: unknown): Value | undefined {
  if (isScalar(expression)) return { kind: 'literal', value: expression };
  if (Array.isArray(expression)) return expression.every(isScalar) ? { kind: 'list', values: expression as Scalar[] } : undefined;
  const variable = readVar(expression);
  if (!variable || variable.default !== undefined) return undefined;
  return isConstPath(variable.path) ? { kind: 'const', path: variable.path.slice('$const.'.length) } : { kind: 'field', field: variable.path };
}

function parseNode(rule: unknown): ConditionNode {
  // A field (or an operation of one, such as the age in an identity code) alone tests that it holds.
  const alone = readSubject(rule);
  if (alone) return { kind: 'condition', subject: alone, operator: 'truthy' };
  if (readVar(rule)) unsupported(reasons.constantAlone);
  const op = operation(rule) ?? unsupported(reasons.notOperation);
  const [name, args] = op;
  if (name === 'and' || name === 'or') {
    if (!Array.isArray(args) || args.length === 0) unsupported(reasons.emptyGroup(name));
    return { kind: 'group', combinator: name, children: (args as unknown[]).map(parseNode) };
  }
  if (name === '!' || name === '!!') {
    const inner = single(args);
    const subject = readSubject(inner);
    if (subject) return { kind: 'condition', subject, operator: name === '!' ? 'falsy' : 'hasValue' };
    if (name === '!!') unsupported(reasons.notOnField('!!'));
    const node = parseNode(inner);
    // A double negation has no row of its own in the builder.
    if (node.negated || (node.kind === 'condition' && (node.operator === 'falsy' || node.operator === 'truthy'))) unsupported(reasons.doubleNegation);
    return { ...node, negated: true };
  }
  if (name === 'isEmpty') {
    const subject = readSubject(single(args)) ?? unsupported(reasons.notOnField('isEmpty'));
    if (!Array.isArray(args)) unsupported(reasons.notOnField('isEmpty'));
    return { kind: 'condition', subject, operator: 'isEmpty' };
  }
  if (!Array.isArray(args)) return unsupported(reasons.operation(name));
  if (name === 'monthYearNotInFuture' || name === 'monthYearNotInPast') {
    const month = args.length === 2 ? readSubject(args[0]) : undefined;
    const year = args.length === 2 ? readValue(args[1]) : undefined;
    if (!month || month.fn || month.default !== undefined || year?.kind !== 'field') return unsupported(reasons.monthYear(name));
    return { kind: 'condition', subject: month, operator: name, value: year };
  }
  if (name === '<=' && args.length === 3) {
    const subject = readSubject(args[1]);
    const low = readValue(args[0]);
    const high = readValue(args[2]);
    if (!subject || !low || !high || low.kind === 'list' || high.kind === 'list') return unsupported(reasons.between);
    return { kind: 'condition', subject, operator: 'between', value: low, upper: high };
  }
  if (name === 'in') {
    const subject = args.length === 2 ? readSubject(args[0]) : undefined;
    const list = args.length === 2 ? readValue(args[1]) : undefined;
    if (!subject || list?.kind !== 'list') return unsupported(reasons.inList);
    return { kind: 'condition', subject, operator: 'in', value: list };
  }
  if ((COMPARISONS as readonly string[]).includes(name)) {
    const subject = args.length === 2 ? readSubject(args[0]) : undefined;
    const value = args.length === 2 ? readValue(args[1]) : undefined;
    if (!subject || !value || value.kind === 'list') return unsupported(reasons.comparison(name));
    return { kind: 'condition', subject, operator: name as Comparison, value };
  }
  return unsupported(reasons.operation(name));
}

/** The builder's model of a rule, or `raw` with the reason (Finnish) when the builder cannot show it. */
export function parseRule(rule: unknown): ParsedRule {
  try {
    return { kind: 'model', root: parseNode(rule) };
  } catch (error) {
    if (error instanceof Unsupported) return { kind: 'raw', rule, reason: error.message };
    throw error;
  }
}

function formatSubject(subject: Subject): Logic {
  const variable = subject.default !== undefined ? { var: [subject.field, subject.default] } : { var: subject.field };
  return subject.fn ? { [subject.fn]: [variable] } : variable;
}

function formatValue(value: Value | undefined): Logic {
  if (!value) return null;
  switch (value.kind) {
    case 'literal':
      return value.value;
    case 'list':
      return [...value.values];
    case 'field':
      return { var: value.field };
    case 'const':
      return { var: `$const.${value.path}` };
  }
}

function formatCondition(condition: Condition): Logic {
  const subject = formatSubject(condition.subject);
  switch (condition.operator) {
    case 'truthy':
      return subject;
    case 'falsy':
      return { '!': subject };
    case 'hasValue':
      return { '!!': subject };
    case 'isEmpty':
      return { isEmpty: [subject] };
    case 'between':
      return { '<=': [formatValue(condition.value), subject, formatValue(condition.upper)] };
    default:
      return { [condition.operator]: [subject, formatValue(condition.value)] };
  }
}

/** The model as JSON-Logic. */
export function formatRule(node: ConditionNode): Logic {
  // truthy and falsy are each other's negation: a negated one is written as the other
  // (`{"!": {"!": x}}` would read back as raw).
  if (node.kind === 'condition' && node.negated && (node.operator === 'truthy' || node.operator === 'falsy')) {
    const { negated: _negated, ...rest } = node;
    return formatCondition({ ...rest, operator: node.operator === 'truthy' ? 'falsy' : 'truthy' });
  }
  const rule = node.kind === 'group' ? { [node.combinator]: node.children.map(formatRule) } : formatCondition(node);
  return node.negated ? { '!': rule } : rule;
}

/** The rule as formatRule writes it: a unary operation's lone argument out of its array. */
export function canonicalRule(rule: unknown): unknown {
  if (Array.isArray(rule)) return rule.map(canonicalRule);
  if (!isObject(rule)) return rule;
  const op = operation(rule);
  if (op && (op[0] === '!' || op[0] === '!!') && Array.isArray(op[1]) && op[1].length === 1) return { [op[0]]: canonicalRule(op[1][0]) };
  return Object.fromEntries(Object.entries(rule).map(([key, value]) => [key, canonicalRule(value)]));
}

/** Every field a model reads (subjects and field values), in the order written. */
export function referencesIn(node: ConditionNode, found: string[] = []): string[] {
  if (node.kind === 'group') for (const child of node.children) referencesIn(child, found);
  else {
    found.push(node.subject.field);
    for (const value of [node.value, node.upper]) if (value?.kind === 'field') found.push(value.field);
  }
  return found;
}

/** The builder edits one root group: a lone condition is shown as a group of one. */
export function asRootGroup(node: ConditionNode | undefined): Group {
  if (!node) return { kind: 'group', combinator: 'and', children: [] };
  return node.kind === 'group' ? node : { kind: 'group', combinator: 'and', children: [node] };
}

/**
 * The root group back as a rule: no conditions is no rule (`undefined`: always visible,
 * not required by a rule); a plain group of one is that one condition.
 */
export function ruleFromRootGroup(group: Group): Logic | undefined {
  if (group.children.length === 0) return undefined;
  if (group.children.length === 1 && !group.negated) return formatRule(group.children[0]);
  return formatRule(group);
}
