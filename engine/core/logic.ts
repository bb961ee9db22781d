// One place registers the form rules' operations with json-logic-js, so every
// caller (browser, server, tools) evaluates rules with the same vocabulary.
import jsonLogic from 'json-logic-js';
import { logicOperations } from '../../custom-validators/logic-operations.ts';
import type { FormData, Logic } from './types.ts';

let registered = false;
/** Registers the form operations with json-logic-js (once); the rule compiler's fallback needs them too. */
export function ensureOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(logicOperations)) jsonLogic.add_operation(name, fn as never);
  registered = true;
}

export interface RuleContext {
  constants?: Record<string, unknown>;
  texts?: Record<string, string>;
}

/** Evaluates a rule against the data; `$const` and `$texts` expose the document's constants and texts. */
export function evaluate(rule: Logic, data: FormData, context: RuleContext = {}, extra: Record<string, unknown> = {}): unknown {
  ensureOperations();
  const scope = { ...data, $const: context.constants ?? {}, $texts: context.texts ?? {}, ...extra };
  try {
    return jsonLogic.apply(rule as never, scope);
  } catch (error) {
    // json-logic-js coerces operands with `+`/`<`, which throws for objects whose own
    // `toString`/`valueOf` keys are not functions. Such data is malformed input (the
    // field's own schema type refuses it), so the rule simply does not hold; a broken
    // rule in a document is found by forms:check, not here.
    if (error instanceof TypeError) return null;
    throw error;
  }
}

export function isTruthy(rule: Logic, data: FormData, context: RuleContext = {}, extra: Record<string, unknown> = {}): boolean {
  return jsonLogic.truthy(evaluate(rule, data, context, extra));
}

/** The operation names a rule uses, so documents can be checked for unknown operations. */
export function operationsIn(rule: Logic, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(rule)) for (const item of rule) operationsIn(item, found);
  else if (rule && typeof rule === 'object') {
    for (const [key, value] of Object.entries(rule)) {
      found.add(key);
      operationsIn(value, found);
    }
  }
  return found;
}

/** The top-level field ids a rule reads through `var` (the first path segment). */
export function variablesIn(rule: Logic, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(rule)) for (const item of rule) variablesIn(item, found);
  else if (rule && typeof rule === 'object') {
    for (const [key, value] of Object.entries(rule)) {
      if (key === 'var') {
        const path = Array.isArray(value) ? value[0] : value;
        if (typeof path === 'string' && path !== '') found.add(path.split('.')[0]);
      } else variablesIn(value, found);
    }
  }
  return found;
}

export function knownOperation(name: string): boolean {
  ensureOperations();
  return isRegistered(name);
}

function isRegistered(name: string): boolean {
  // json-logic-js keeps its operations private; probe by applying with no arguments.
  try {
    jsonLogic.apply({ [name]: [] } as never, {});
    return true;
  } catch (error) {
    return !String((error as Error).message).includes('Unrecognized operation');
  }
}
