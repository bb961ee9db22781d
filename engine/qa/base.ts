// Builds a complete valid application from the document: every visible field of
// every active step gets a candidate value. This is the one place the generator
// asks the engine (does this step pass yet?), and only to pick base data; no
// expected result is ever read from the engine.
import { isTruthy } from '../core/logic.ts';
import type { FormRuntime } from '../core/runtime.ts';
import type { FormData, FormDocument } from '../core/types.ts';
import { declaredIntent, isBlank, resolveRef, ruleContext } from './intent.ts';
import { rotate, type Random } from './random.ts';
import { candidates, fitsNumber, fitsText, hasType } from './values.ts';

const REPAIR_ROUNDS = 6;

/** Field names a rule reads with `var` (top level only). */
export function varsOf(rule: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(rule)) for (const item of rule) varsOf(item, found);
  else if (rule && typeof rule === 'object') {
    for (const [op, arg] of Object.entries(rule)) {
      if (op === 'var') {
        const name = Array.isArray(arg) ? arg[0] : arg;
        if (typeof name === 'string' && !name.startsWith('$')) found.add(name.split('.')[0]);
      } else varsOf(arg, found);
    }
  }
  return found;
}

export interface BaseBuilder {
  /** A valid complete application with the pinned values, or null when none was found. */
  build(pins?: FormData, from?: FormData): FormData | null;
  candidatesFor(field: string, data: FormData): unknown[];
}

export function baseBuilder(doc: FormDocument, runtime: FormRuntime, random: Random, today = new Date()): BaseBuilder {
  const context = ruleContext(doc);
  const intent = declaredIntent(doc);
  const derived = new Set(Object.keys(doc.rules?.derived ?? {}));
  const checks = doc.rules?.checks ?? [];
  // One seeded order per field, drawn once, so a pin elsewhere does not reshuffle it.
  const ordered = new Map<string, unknown[]>();
  for (const [field, schema] of Object.entries(doc.schema.properties)) {
    const list = candidates(doc, schema, today);
    const plain = schema.default === undefined && (Array.isArray(schema.oneOf) || Array.isArray(schema.enum));
    ordered.set(field, plain ? rotate(list, random) : list);
  }
  const cache = new Map<string, FormData | null>();

  function candidatesFor(field: string, data: FormData): unknown[] {
    const own = ordered.get(field) ?? [];
    // A check comparing two fields ("repeat the e-mail") needs the other field's value on offer.
    const related = checks.filter((c) => c.field.split('.')[0] === field).flatMap((c) => [...varsOf(c.rule)]).filter((f) => f !== field && data[f] !== undefined);
    // Only where the other value could be this field's: another field's age is no tier to offer.
    const schema = resolveRef(doc, doc.schema.properties[field] ?? {});
    const fits = (value: unknown) => hasType(schema, value) && (typeof value !== 'number' || fitsNumber(schema, value)) && (typeof value !== 'string' || fitsText(schema, value));
    return [...own, ...related.map((f) => data[f]).filter(fits)];
  }

  const stepFields = (step: number, data: FormData) => {
    const visible = intent.prepare(data).visible;
    const def = doc.steps.find((s) => s.number === step)!;
    return def.sections.flatMap((s) => s.fields).filter((f) => visible.has(f) && !derived.has(f));
  };

  function fill(data: FormData, step: number, pins: FormData): void {
    // Filling one field may reveal others (a follow-up question), hence the passes.
    for (let pass = 0; pass < 3; pass++) {
      const blank = stepFields(step, data).filter((field) => !(field in pins) && isBlank(data[field]));
      if (!blank.length) return;
      for (const field of blank) {
        const options = candidatesFor(field, data);
        const fitting = options.find((value) => runtime.validateField({ ...data, [field]: value }, field).length === 0);
        if (options.length) data[field] = structuredClone(fitting ?? options[0]);
      }
    }
  }

  // Errors plus failing checks (counted even when an earlier error hides them), so a
  // repair that fixes one of two checks on the same field still counts as progress.
  function score(data: FormData, step: number): number {
    const errors = runtime.validateStep(data, step).errors.length;
    const prepared = runtime.prepare(data);
    const failing = checks.filter((c) => {
      if (c.field.includes('*') || runtime.stepOf(c.field) !== step || !(c.field in prepared || c.whenEmpty)) return false;
      return runtime.isVisible(c.field, data) && !isTruthy(c.rule, prepared, context);
    }).length;
    return errors + failing;
  }

  function repair(data: FormData, step: number, pins: FormData): FormData {
    let current = data;
    let best = score(current, step);
    for (let round = 0; round < REPAIR_ROUNDS && best > 0; round++) {
      const errorFields = runtime.validateStep(current, step).errors.map((e) => e.field.split('.')[0]);
      const failingChecks = checks.filter((c) => runtime.stepOf(c.field.split('.')[0]) === step && runtime.isVisible(c.field.split('.')[0], current));
      const suspects = new Set<string>(errorFields);
      for (const check of failingChecks) if (errorFields.includes(check.field.split('.')[0]) || check.whenEmpty) for (const v of varsOf(check.rule)) suspects.add(v);
      let improved = false;
      for (const field of suspects) {
        if (field in pins || derived.has(field) || !(field in doc.schema.properties)) continue;
        for (const value of candidatesFor(field, current)) {
          const trial = { ...current, [field]: structuredClone(value) };
          fill(trial, step, pins);
          const trialScore = score(trial, step);
          if (trialScore < best) {
            current = trial;
            best = trialScore;
            improved = true;
            break;
          }
        }
      }
      if (!improved) break;
    }
    return current;
  }

  function build(pins: FormData = {}, from: FormData = {}): FormData | null {
    const key = JSON.stringify([pins, from]);
    if (cache.has(key)) {
      const hit = cache.get(key);
      return hit ? structuredClone(hit) : null;
    }
    // Starting from a known valid application only the fields a pin affects are refilled.
    let data: FormData = structuredClone({ ...from, ...pins });
    for (const step of [...doc.steps].sort((a, b) => a.number - b.number)) {
      if (step.when !== undefined && !isTruthy(step.when, runtime.prepare(data), context)) continue;
      fill(data, step.number, pins);
      if (!runtime.validateStep(data, step.number).valid) data = repair(data, step.number, pins);
    }
    // Only what is visible is part of the application; a pin the rules hide makes no base.
    let stored: FormData | null = null;
    if (runtime.validate(data).valid) {
      const prepared = runtime.prepare(data);
      const pinsKept = Object.keys(pins).every((field) => pins[field] === undefined || prepared[field] !== undefined);
      if (pinsKept) stored = Object.fromEntries(Object.entries(prepared).filter(([field]) => !derived.has(field)));
    }
    cache.set(key, stored);
    return stored && structuredClone(stored);
  }

  return { build, candidatesFor };
}
