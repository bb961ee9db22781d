// Compiles a JSON-Logic rule once into a tree of plain closures (no eval, no
// new Function: the browser runs under a strict CSP), so a runtime evaluates its
// rules without json-logic-js walking the JSON and without `evaluate()`'s merged
// copy of the data for every rule (issue 13).
//
// The closures implement exactly json-logic-js 2.0.5 as `evaluate()` calls it:
// `jsonLogic.apply(rule, {...data, $const, $texts, ...extra})`, a TypeError
// (malformed data) answering null. Variables read the data object directly and
// resolve `$const`, `$texts` and the extra bindings (`$row`, `$index`) the way the
// merged object would. Operations not compiled here (`missing`, `missing_some`,
// dotted names, operations registered elsewhere) fall back to `jsonLogic.apply`
// over that merged object, built only then. tests/unit/engine/compiled-rules.test.ts
// checks every rule of every document against `evaluate()`.
import jsonLogic from 'json-logic-js';
import { logicOperations } from '../../custom-validators/logic-operations.ts';
import { ensureOperations, type RuleContext } from './logic.ts';
import type { FormData, Logic } from './types.ts';

export interface CompiledRule {
  /**
   * `evaluate(rule, data, context, extra)`. `data` must be a plain object (its
   * prototype is Object.prototype, its own properties enumerable): what a spread
   * or JSON.parse makes; anything else is copied first, as `evaluate()` would.
   */
  (data: FormData, extra?: Record<string, unknown>): unknown;
  /** `jsonLogic.truthy` of the result. */
  truthy(data: FormData, extra?: Record<string, unknown>): boolean;
  /**
   * The top-level data keys the rule can read, or null when it can read any (a
   * computed variable name, the whole data, an operation evaluated by json-logic-js).
   * A rule gives the same answer for two data objects that agree on these keys.
   */
  readonly reads: ReadonlySet<string> | null;
}

interface Env {
  readonly constants: Record<string, unknown> | undefined;
  readonly texts: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  /** The merged scope of this evaluation, once something needed it (one object, as before). */
  merged: Record<string, unknown> | undefined;
  /** This evaluation's results of repeated form operation calls, by slot. */
  memo: unknown[] | undefined;
}

/** A compiled node. `d` is the evaluation data: the form data at top level, the item inside `map`, `filter`, …. */
type Node = (d: any, env: Env) => unknown;

interface Compiler {
  /** Variables read from the form data (top level), or null once any read is unknown. */
  reads: Set<string> | null;
  /** Form operation calls (as JSON) that occur more than once at top level: computed once an evaluation. */
  repeated: Set<string>;
  /** Memo slot per repeated call. */
  slots: Map<string, number>;
}

/** Form operation calls (at top level, outside `map`, `filter`, …) that a rule makes more than once. */
function repeatedCalls(rule: unknown): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  const walk = (logic: unknown): void => {
    if (Array.isArray(logic)) return logic.forEach(walk);
    if (!isLogic(logic)) return;
    const op = Object.keys(logic)[0];
    if (SCOPED.has(op)) return walk((Array.isArray(logic[op]) ? (logic[op] as unknown[]) : [logic[op]])[0]);
    if (hasOwn.call(logicOperations, op)) {
      const key = pureCallKey(logic);
      if (key !== undefined) (seen.has(key) ? repeated : seen).add(key);
    }
    walk(logic[op]);
  };
  walk(rule);
  return repeated;
}

/**
 * A key for a call whose arguments are plain reads and literals (no side effects, no
 * evaluation that could differ between two places in one rule); undefined otherwise.
 */
function pureCallKey(logic: Record<string, unknown>): string | undefined {
  const plain = (value: unknown): boolean =>
    Array.isArray(value) ? value.every(plain) : !isLogic(value) ? typeof value !== 'object' || value === null : Object.keys(value)[0] === 'var' && plain(value.var);
  const op = Object.keys(logic)[0];
  if (!plain(logic[op])) return undefined;
  let exact = true;
  const key = JSON.stringify(logic, (_key, value) => {
    if (Object.is(value, -0)) exact = false;
    return value;
  });
  return exact ? key : undefined;
}

const truthy = jsonLogic.truthy;
const isEnumerable = Object.prototype.propertyIsEnumerable;
const hasOwn = Object.prototype.hasOwnProperty;

/** The merged object `evaluate()` gave json-logic-js: built only for the fallback paths, once per evaluation. */
function mergedScope(d: FormData, env: Env): Record<string, unknown> {
  return (env.merged ??= { ...d, $const: env.constants ?? {}, $texts: env.texts ?? {}, ...env.extra });
}

/** `mergedScope(d, env)[key]` without building it. */
function rootValue(d: any, env: Env, key: string): unknown {
  const extra = env.extra;
  if (extra !== undefined && isEnumerable.call(extra, key)) return extra[key];
  // Without constants or texts the merged object held one `{}` for each.
  if (key === '$const') return env.constants ?? mergedScope(d, env).$const;
  if (key === '$texts') return env.texts ?? mergedScope(d, env).$texts;
  return d[key];
}

/** json-logic-js `var` with `this` = data (any value). */
function varOf(data: any, a: unknown, b: unknown): unknown {
  const notFound = b === undefined ? null : b;
  if (typeof a === 'undefined' || a === '' || a === null) return data;
  const parts = String(a).split('.');
  for (let i = 0; i < parts.length; i++) {
    if (data === null || data === undefined) return notFound;
    data = data[parts[i]];
    if (data === undefined) return notFound;
  }
  return data;
}

/** json-logic-js `var` over the merged top-level scope, without building it unless the whole scope is asked for. */
function varTop(d: any, env: Env, a: unknown, b: unknown): unknown {
  const notFound = b === undefined ? null : b;
  if (typeof a === 'undefined' || a === '' || a === null) return mergedScope(d, env);
  const parts = String(a).split('.');
  let data: any = rootValue(d, env, parts[0]);
  if (data === undefined) return notFound;
  for (let i = 1; i < parts.length; i++) {
    if (data === null) return notFound;
    data = data[parts[i]];
    if (data === undefined) return notFound;
  }
  return data;
}

// json-logic-js's own operations, verbatim (they are private to the library).
const builtins: Record<string, (...args: any[]) => unknown> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b, c) => (c === undefined ? a < b : a < b && b < c),
  '<=': (a, b, c) => (c === undefined ? a <= b : a <= b && b <= c),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => a % b,
  log: (a) => {
    console.log(a);
    return a;
  },
  in: (a, b) => {
    if (!b || typeof b.indexOf === 'undefined') return false;
    return b.indexOf(a) !== -1;
  },
  cat: (...args) => Array.prototype.join.call(args, ''),
  substr: (source, start, end) => {
    if (end < 0) {
      const temp = String(source).substr(start);
      return temp.substr(0, temp.length + end);
    }
    return String(source).substr(start, end);
  },
  '+': (...args) => args.reduce((a, b) => parseFloat(a) + parseFloat(b), 0),
  '*': (...args) => args.reduce((a, b) => parseFloat(a) * parseFloat(b)),
  '-': (a, b) => (b === undefined ? -a : a - b),
  '/': (a, b) => a / b,
  min: (...args) => Math.min(...args),
  max: (...args) => Math.max(...args),
  merge: (...args) => args.reduce((a, b) => a.concat(b), []),
};

const SCOPED = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some']);

function isLogic(logic: unknown): logic is Record<string, unknown> {
  return typeof logic === 'object' && logic !== null && !Array.isArray(logic) && Object.keys(logic).length === 1;
}

const constant =
  (value: unknown): Node =>
  () =>
    value;

function compileNode(logic: unknown, top: boolean, c: Compiler): Node {
  if (Array.isArray(logic)) {
    const items = logic.map((item) => compileNode(item, top, c));
    return (d, env) => items.map((item) => item(d, env));
  }
  if (!isLogic(logic)) return constant(logic);

  const op = Object.keys(logic)[0];
  const raw = logic[op];
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];

  if (op === 'if' || op === '?:') {
    const parts = values.map((value) => compileNode(value, top, c));
    return (d, env) => {
      let i;
      for (i = 0; i < parts.length - 1; i += 2) if (truthy(parts[i](d, env))) return parts[i + 1](d, env);
      if (parts.length === i + 1) return parts[i](d, env);
      return null;
    };
  }
  if (op === 'and' || op === 'or') {
    const parts = values.map((value) => compileNode(value, top, c));
    const stopOn = op === 'or';
    return (d, env) => {
      let current: unknown;
      for (let i = 0; i < parts.length; i++) {
        current = parts[i](d, env);
        if (truthy(current) === stopOn) return current;
      }
      return current;
    };
  }
  if (SCOPED.has(op)) return compileScoped(op, values, top, c);
  if (op === 'var' && !hasOwn.call(logicOperations, 'var')) return compileVar(values, top, c);

  const args = values.map((value) => compileNode(value, top, c));
  const fn = hasOwn.call(logicOperations, op) ? logicOperations[op] : hasOwn.call(builtins, op) ? builtins[op] : undefined;
  if (fn === undefined) return fallback(logic, top, c);
  const key = top && fn === logicOperations[op] ? pureCallKey(logic) : undefined;
  if (key !== undefined && c.repeated.has(key)) {
    // The same call twice in one rule (an age compared with a minimum and a maximum):
    // evaluated once per evaluation; the form operations are functions of their arguments.
    let slot = c.slots.get(key);
    if (slot === undefined) c.slots.set(key, (slot = c.slots.size));
    const call = compileCall(fn, args);
    return (d, env) => {
      const memo = env.memo!;
      if (slot! in memo) return memo[slot!];
      const value = call(d, env);
      // An object answer is not shared: two calls gave two objects.
      if (value === null || (typeof value !== 'object' && typeof value !== 'function')) memo[slot!] = value;
      return value;
    };
  }
  if (fn === builtins[op]) {
    const fast = compileBuiltin(op, args, values);
    if (fast) return fast;
  }
  return compileCall(fn, args);
}

/** A call of an operation with every argument evaluated first, in order. */
function compileCall(fn: (...args: any[]) => unknown, args: Node[]): Node {
  if (args.length === 1) {
    const [a] = args;
    return (d, env) => fn(a(d, env));
  }
  if (args.length === 2) {
    const [a, b] = args;
    return (d, env) => fn(a(d, env), b(d, env));
  }
  return (d, env) => {
    const evaluated = new Array(args.length);
    for (let i = 0; i < args.length; i++) evaluated[i] = args[i](d, env);
    return fn(...evaluated);
  };
}

/** Inlined forms of the common built-in operations (same operators, same argument order). */
function compileBuiltin(op: string, args: Node[], values: unknown[]): Node | undefined {
  if (op === 'in' && args.length === 2 && Array.isArray(values[1]) && values[1].every((item) => !isLogic(item) && !Array.isArray(item))) {
    // A literal list: `indexOf` on it answers as on json-logic-js's fresh copy of it.
    const [a] = args;
    const list = values[1];
    return (d, env) => list.indexOf(a(d, env)) !== -1;
  }
  if (args.length === 1) {
    const [a] = args;
    if (op === '!') return (d, env) => !truthy(a(d, env));
    if (op === '!!') return (d, env) => truthy(a(d, env));
    return undefined;
  }
  if (args.length !== 2) return undefined;
  const [a, b] = args;
  switch (op) {
    case '==':
      return (d, env) => a(d, env) == b(d, env);
    case '!=':
      return (d, env) => a(d, env) != b(d, env);
    case '===':
      return (d, env) => a(d, env) === b(d, env);
    case '!==':
      return (d, env) => a(d, env) !== b(d, env);
    case '>':
      return (d, env) => (a(d, env) as number) > (b(d, env) as number);
    case '>=':
      return (d, env) => (a(d, env) as number) >= (b(d, env) as number);
    case '<':
      return (d, env) => (a(d, env) as number) < (b(d, env) as number);
    case '<=':
      return (d, env) => (a(d, env) as number) <= (b(d, env) as number);
    case '*':
      return (d, env) => parseFloat(a(d, env) as string) * parseFloat(b(d, env) as string);
    default:
      return undefined;
  }
}

/** Operations json-logic-js evaluates itself: the whole node, over the merged scope at top level. */
function fallback(logic: unknown, top: boolean, c: Compiler): Node {
  if (top) c.reads = null;
  return top ? (d, env) => jsonLogic.apply(logic as never, mergedScope(d, env) as never) : (d) => jsonLogic.apply(logic as never, d);
}

function compileVar(values: unknown[], top: boolean, c: Compiler): Node {
  const args = values.map((value) => compileNode(value, top, c));
  const path = values[0];
  const staticPath = !(typeof path === 'object' && path !== null) && !(typeof path === 'undefined' || path === '' || path === null);
  if (!staticPath) {
    if (top) c.reads = null;
    return (d, env) => {
      const evaluated = args.map((arg) => arg(d, env));
      return top ? varTop(d, env, evaluated[0], evaluated[1]) : varOf(d, evaluated[0], evaluated[1]);
    };
  }
  const parts = String(path).split('.');
  const first = parts[0];
  if (top && c.reads && first !== '$const' && first !== '$texts') c.reads.add(first);
  // Every argument is evaluated (json-logic-js maps them all) before the lookup.
  const rest = args.slice(1);
  const defaultOf: (d: any, env: Env) => unknown =
    rest.length === 0
      ? () => null
      : rest.length === 1
        ? (d, env) => {
            const b = rest[0](d, env);
            return b === undefined ? null : b;
          }
        : (d, env) => {
            const b = rest[0](d, env);
            for (let i = 1; i < rest.length; i++) rest[i](d, env);
            return b === undefined ? null : b;
          };
  if (rest.length === 0) {
    // No default (the usual case): not found is null.
    if (!top)
      return (d) => {
        let data = d;
        for (let i = 0; i < parts.length; i++) {
          if (data === null || data === undefined) return null;
          data = data[parts[i]];
          if (data === undefined) return null;
        }
        return data;
      };
    if (parts.length === 1 && first !== '$const' && first !== '$texts')
      return (d, env) => {
        const extra = env.extra;
        const value = extra !== undefined && isEnumerable.call(extra, first) ? extra[first] : d[first];
        return value === undefined ? null : value;
      };
    return (d, env) => {
      let data: any = rootValue(d, env, first);
      for (let i = 1; data !== undefined && i < parts.length; i++) {
        if (data === null) return null;
        data = data[parts[i]];
      }
      return data === undefined ? null : data;
    };
  }
  if (!top) {
    return (d, env) => {
      const notFound = defaultOf(d, env);
      let data = d;
      for (let i = 0; i < parts.length; i++) {
        if (data === null || data === undefined) return notFound;
        data = data[parts[i]];
        if (data === undefined) return notFound;
      }
      return data;
    };
  }
  if (parts.length === 1) {
    if (first === '$const' || first === '$texts')
      return (d, env) => {
        const notFound = defaultOf(d, env);
        const value = rootValue(d, env, first);
        return value === undefined ? notFound : value;
      };
    return (d, env) => {
      const notFound = defaultOf(d, env);
      const extra = env.extra;
      const value = extra !== undefined && isEnumerable.call(extra, first) ? extra[first] : d[first];
      return value === undefined ? notFound : value;
    };
  }
  return (d, env) => {
    const notFound = defaultOf(d, env);
    let data: any = rootValue(d, env, first);
    if (data === undefined) return notFound;
    for (let i = 1; i < parts.length; i++) {
      if (data === null) return notFound;
      data = data[parts[i]];
      if (data === undefined) return notFound;
    }
    return data;
  };
}

function compileScoped(op: string, values: unknown[], top: boolean, c: Compiler): Node {
  const source = compileNode(values[0], top, c);
  // The per-item logic sees the item as its data: it reads nothing of the form data.
  const each = compileNode(values[1], false, c);
  switch (op) {
    case 'filter':
      return (d, env) => {
        const list = source(d, env);
        if (!Array.isArray(list)) return [];
        return list.filter((datum) => truthy(each(datum, env)));
      };
    case 'map':
      return (d, env) => {
        const list = source(d, env);
        if (!Array.isArray(list)) return [];
        return list.map((datum) => each(datum, env));
      };
    case 'reduce': {
      const initialOf = typeof values[2] !== 'undefined' ? compileNode(values[2], top, c) : constant(null);
      return (d, env) => {
        const list = source(d, env);
        const initial = initialOf(d, env);
        if (!Array.isArray(list)) return initial;
        return list.reduce((accumulator, current) => each({ current, accumulator }, env), initial);
      };
    }
    case 'all':
      return (d, env) => {
        const list = source(d, env);
        if (!Array.isArray(list) || !list.length) return false;
        for (let i = 0; i < list.length; i++) if (!truthy(each(list[i], env))) return false;
        return true;
      };
    case 'none':
      return (d, env) => {
        const list = source(d, env);
        if (!Array.isArray(list) || !list.length) return true;
        for (let i = 0; i < list.length; i++) if (truthy(each(list[i], env))) return false;
        return true;
      };
    default: // some
      return (d, env) => {
        const list = source(d, env);
        if (!Array.isArray(list) || !list.length) return false;
        for (let i = 0; i < list.length; i++) if (truthy(each(list[i], env))) return true;
        return false;
      };
  }
}

/** Compiles `rule` for `context` (the document's constants and texts). */
export function compileRule(rule: Logic, context: RuleContext = {}): CompiledRule {
  ensureOperations();
  const c: Compiler = { reads: new Set(), repeated: repeatedCalls(rule), slots: new Map() };
  const root = compileNode(rule, true, c);
  const memoized = c.slots.size > 0;
  const plainEnv: Env = { constants: context.constants, texts: context.texts, extra: undefined, merged: undefined, memo: undefined };
  const run = (data: FormData, extra?: Record<string, unknown>): unknown => {
    // A plain object reads as its spread copy would; anything else is copied, as before.
    const d = data !== null && typeof data === 'object' && Object.getPrototypeOf(data) === Object.prototype ? data : { ...data };
    let env = plainEnv;
    if (extra === undefined) {
      plainEnv.merged = undefined;
      if (memoized) plainEnv.memo = [];
    } else env = { constants: context.constants, texts: context.texts, extra, merged: undefined, memo: memoized ? [] : undefined };
    try {
      return root(d, env);
    } catch (error) {
      // As evaluate(): json-logic-js coercions throw TypeError on malformed data; the rule does not hold.
      if (error instanceof TypeError) return null;
      throw error;
    }
  };
  const compiled = run as CompiledRule;
  (compiled as { truthy: CompiledRule['truthy'] }).truthy = (data, extra) => truthy(run(data, extra));
  (compiled as { reads: CompiledRule['reads'] }).reads = c.reads;
  return compiled;
}
