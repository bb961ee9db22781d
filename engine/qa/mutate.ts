// Mutation testing for generated suites: small edits an editor could make by
// mistake (a limit, a message, an option, a rule's operator), each applied to a
// copy of the document. A mutation is killed when at least one case of the
// suite generated from the unmutated document no longer gets its expected result.
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import { compileSchema } from '../core/compile.ts';
import { resolveVariants } from '../core/document.ts';
import { createFormRuntime } from '../core/runtime.ts';
import type { FormDocument, SchemaValidateFunction } from '../core/types.ts';
import { passes, type CaseSet, type TestCase } from './cases.ts';
import { fieldMessageShown, lengthDecidedByPattern } from './equivalence.ts';
import { seededRandom } from './random.ts';

export interface Mutation {
  id: string;
  description: string;
  /**
   * Why no valid-or-invalid case can tell this mutant from the document (ADR 0005),
   * when that is known from the document's shape; sampled scores leave these out.
   */
  equivalent?: string;
  /** The field the mutation is about, when there is one: its cases run first. */
  field?: string;
  apply(doc: FormDocument): void;
}

const LIMITS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const OPERATOR_SWAPS: Record<string, string> = { '==': '!=', '!=': '==', '===': '!==', '!==': '===', '<=': '<', '<': '<=', '>=': '>', '>': '>=', and: 'or', or: 'and' };
const MAX_OPERATOR_MUTATIONS_PER_RULE = 3;

type Json = Record<string, unknown>;

/** Walks to a JSON path of keys and calls `edit` on the parent object. */
function at(doc: FormDocument, path: (string | number)[], edit: (parent: Json, key: string | number) => void): void {
  let parent: unknown = doc;
  for (const key of path.slice(0, -1)) parent = (parent as Json)[key as string];
  edit(parent as Json, path[path.length - 1]);
}

/** Paths to the operators of a rule that have a swap, in document order. */
function operatorPaths(rule: unknown, path: (string | number)[] = []): { path: (string | number)[]; op: string }[] {
  const out: { path: (string | number)[]; op: string }[] = [];
  if (Array.isArray(rule)) rule.forEach((item, i) => out.push(...operatorPaths(item, [...path, i])));
  else if (rule && typeof rule === 'object')
    for (const [op, arg] of Object.entries(rule)) {
      if (OPERATOR_SWAPS[op]) out.push({ path, op });
      out.push(...operatorPaths(arg, [...path, op]));
    }
  return out;
}

function swapOperator(container: Json, key: string | number, path: (string | number)[], op: string): void {
  let node = container[key as string] as Json;
  for (const part of path) node = (node as Json)[part as string] as Json;
  node[OPERATOR_SWAPS[op]] = node[op];
  delete node[op];
}

const FINNISH_KEYWORDS = new Set(finnishKeywords.map((keyword) => keyword.keyword));

/** Length limits a Finnish keyword overrules: no value of the edge length satisfies the keyword, so its error wins. */
function lengthEquivalence(schema: Json, keyword: string): string | undefined {
  if (keyword !== 'minLength' && keyword !== 'maxLength') return undefined;
  const finnish = Object.keys(schema).find((name) => FINNISH_KEYWORDS.has(name));
  return finnish && `${keyword} of a field checked by ${finnish}: the keyword decides at the edge (ADR 0005)`;
}

function limitMutations(doc: FormDocument, schema: Json, path: (string | number)[], field: string | undefined, out: Mutation[]): void {
  for (const keyword of LIMITS) {
    if (typeof schema[keyword] !== 'number') continue;
    for (const delta of [-1, 1]) {
      // Not made: a length change the field's pattern overrules with the same message (equivalence.ts).
      if (field && path.length === 3 && lengthDecidedByPattern(doc, field, schema, keyword, delta)) continue;
      out.push({
        id: `${path.join('/')}/${keyword}${delta > 0 ? '+1' : '-1'}`,
        description: `${field ?? path.join('/')}: ${keyword} ${schema[keyword]} → ${(schema[keyword] as number) + delta}`,
        equivalent: lengthEquivalence(schema, keyword),
        field,
        apply: (doc) => at(doc, [...path, keyword], (parent, key) => ((parent[key as string] as number) += delta)),
      });
    }
  }
  for (const [name, value] of Object.entries(schema)) {
    // Numeric options of custom keywords (an age limit, a year range) are limits too.
    if (!value || typeof value !== 'object' || Array.isArray(value) || name === 'properties' || name === '$defs' || name === 'items') continue;
    for (const [option, n] of Object.entries(value as Json))
      if (typeof n === 'number')
        out.push({
          id: `${path.join('/')}/${name}.${option}+1`,
          description: `${field ?? path.join('/')}: ${name}.${option} ${n} → ${n + 1}`,
          field,
          apply: (doc) => at(doc, [...path, name, option], (parent, key) => ((parent[key as string] as number) += 1)),
        });
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.length > 1) {
    const options = schema.oneOf as Json[];
    for (const index of [...new Set([0, options.length - 1])])
      out.push({
        id: `${path.join('/')}/oneOf-${index}`,
        description: `${field}: vaihtoehto ${JSON.stringify(options[index].const)} poistettu`,
        field,
        apply: (doc) => at(doc, [...path, 'oneOf'], (parent, key) => (parent[key as string] as unknown[]).splice(index, 1)),
      });
    out.push({
      id: `${path.join('/')}/oneOf-changed`,
      description: `${field}: vaihtoehdon ${JSON.stringify(options[0].const)} arvo muutettu`,
      field,
      apply: (doc) => at(doc, [...path, 'oneOf', 0], (parent, key) => {
        const option = parent[key as string] as Json;
        option.const = typeof option.const === 'number' ? option.const + 1000 : `${String(option.const)}-muutettu`;
      }),
    });
  }
  if (schema.properties && typeof schema.properties === 'object')
    for (const [name, sub] of Object.entries(schema.properties as Json)) limitMutations(doc, sub as Json, [...path, 'properties', name], field ? `${field}.${name}` : undefined, out);
  if (schema.items && typeof schema.items === 'object') limitMutations(doc, schema.items as Json, [...path, 'items'], field, out);
}

/** Every mutation of the document, in a fixed order. */
export function mutationsOf(doc: FormDocument): Mutation[] {
  const out: Mutation[] = [];
  for (const [field, schema] of Object.entries(doc.schema.properties)) if (!schema.readOnly) limitMutations(doc, schema as Json, ['schema', 'properties', field], field, out);
  for (const [name, schema] of Object.entries((doc.schema.$defs ?? {}) as Json)) limitMutations(doc, schema as Json, ['schema', '$defs', name], undefined, out);

  // Messages whose keyword the schema uses (a message no field can show is no test target).
  const used = JSON.stringify(doc.schema);
  const changeMessage = (path: (string | number)[], label: string, field?: string) =>
    out.push({ id: path.join('/'), description: `viesti muutettu: ${label}`, field, apply: (doc) => at(doc, path, (parent, key) => (parent[key as string] += ' (muutettu)')) });
  for (const key of Object.keys(doc.messages)) if (key === 'required' || used.includes(`"${key.split('.')[0]}"`)) changeMessage(['messages', key], key);
  // A field's message its errors never look up (a keyword it lacks, a `type` that `type.integer` comes before) is not made either.
  for (const [field, messages] of Object.entries(doc.fieldMessages ?? {}))
    for (const key of Object.keys(messages)) if (fieldMessageShown(doc, field, key)) changeMessage(['fieldMessages', field, key], `${field} ${key}`, field.split('.')[0]);

  const rules = doc.rules ?? {};
  // Visibility of a value no step asks for (a derived total) only decides what is stored, not what is valid.
  const asked = new Set(doc.steps.flatMap((s) => s.sections.flatMap((section) => section.fields)));
  for (const field of Object.keys(rules.visible ?? {}).filter((f) => asked.has(f)))
    out.push({ id: `rules/visible/${field}/not`, description: `${field}: näkyvyysehto käännetty`, field, apply: (doc) => at(doc, ['rules', 'visible', field], (p, k) => (p[k as string] = { '!': p[k as string] })) });
  for (const field of Object.keys(rules.required ?? {}))
    out.push({ id: `rules/required/${field}/removed`, description: `${field}: ei enää pakollinen`, field, apply: (doc) => at(doc, ['rules', 'required', field], (p, k) => delete p[k as string]) });
  (rules.checks ?? []).forEach((check, index) => {
    const field = check.field.split('.')[0];
    for (const { path, op } of operatorPaths(check.rule).slice(0, MAX_OPERATOR_MUTATIONS_PER_RULE))
      out.push({ id: `rules/checks/${check.id}/${[...path, op].join('.')}`, description: `${check.id}: ${op} → ${OPERATOR_SWAPS[op]}`, field, apply: (doc) => at(doc, ['rules', 'checks', index], (p, k) => swapOperator(p[k as string] as Json, 'rule', path, op)) });
    if (check.message !== undefined) changeMessage(['rules', 'checks', index, 'message'], check.id, field);
  });
  doc.steps.forEach((step, index) => {
    if (step.when !== undefined) out.push({ id: `steps/${step.id}/when/not`, description: `vaihe ${step.number}: ehto käännetty`, apply: (doc) => at(doc, ['steps', index], (p, k) => ((p[k as string] as Json).when = { '!': (p[k as string] as Json).when })) });
    // Only where there is another step to move it to (the one-step forms: the login, the customer's details, the insurance).
    if (doc.steps.length > 1 && step.sections.some((s) => s.fields.length > 1))
      out.push({ id: `steps/${step.id}/field-moved`, description: `vaihe ${step.number}: viimeinen kenttä siirretty toiseen vaiheeseen`, apply: (doc) => {
        const target = doc.steps[index === 0 ? 1 : 0];
        const section = doc.steps[index].sections.find((s) => s.fields.length > 1)!;
        target.sections[0].fields.push(section.fields.pop()!);
      } });
  });
  for (const [variant, patches] of Object.entries(doc.variants ?? {}))
    patches.forEach((patch, index) => {
      if ('value' in patch && typeof patch.value === 'number')
        out.push({ id: `variants/${variant}/${index}+1`, description: `${variant}: ${patch.path} ${patch.value} → ${patch.value + 1}`, apply: (doc) => ((doc.variants![variant][index] as { value: number }).value += 1) });
    });
  return out;
}

export interface MutationResult {
  mutation: Mutation;
  killed: boolean;
  /** The first case that noticed, for the report. */
  killedBy?: string;
}

export interface MutationReport {
  total: number;
  killed: number;
  score: number;
  results: MutationResult[];
}

/** A seeded sample of `size` mutations (all of them when there are fewer). */
export function sampleMutations(mutations: Mutation[], size: number, seed: number): Mutation[] {
  const random = seededRandom(seed);
  const pool = [...mutations];
  const picked: Mutation[] = [];
  while (picked.length < size && pool.length) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}

/** Runs the frozen suites against each mutated document; a schema left unchanged reuses its compiled validator. */
export function runMutations(doc: FormDocument, suites: CaseSet[], mutations: Mutation[]): MutationReport {
  const originals = new Map<string, { schema: string; validate: SchemaValidateFunction }>();
  for (const suite of suites) {
    const resolved = resolveVariants(doc, suite.variants);
    originals.set(suite.variant, { schema: JSON.stringify(resolved.schema), validate: compileSchema(resolved) });
  }
  const results = mutations.map((mutation): MutationResult => {
    const mutated = structuredClone(doc);
    mutation.apply(mutated);
    for (const suite of suites) {
      let resolved: FormDocument;
      try {
        resolved = resolveVariants(mutated, suite.variants);
      } catch {
        return { mutation, killed: true, killedBy: 'muunnelma ei enää sovellu' };
      }
      const original = originals.get(suite.variant)!;
      let runtime;
      try {
        const validate = JSON.stringify(resolved.schema) === original.schema ? original.validate : compileSchema(resolved);
        runtime = createFormRuntime(resolved, validate);
      } catch {
        return { mutation, killed: true, killedBy: 'asiakirja ei enää käänny' };
      }
      const failing = byRelevance(suite.cases, mutation.field).find((testCase) => !passes(runtime, testCase));
      if (failing) return { mutation, killed: true, killedBy: failing.id };
    }
    return { mutation, killed: false };
  });
  const killed = results.filter((r) => r.killed).length;
  return { total: results.length, killed, score: results.length ? killed / results.length : 1, results };
}

// Cases about the mutated field first: a killed mutation is usually found in a few cases.
function byRelevance(cases: TestCase[], field: string | undefined): TestCase[] {
  if (!field) return cases;
  const about = (c: TestCase) => c.id.includes(`:${field}`) || c.id.includes(`${field}:`) || c.id.includes(`${field}=`);
  return [...cases.filter(about), ...cases.filter((c) => !about(c))];
}
