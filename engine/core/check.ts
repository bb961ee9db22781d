// forms:check: a document against the meta-schema, then the cross-references the
// meta-schema cannot express. Every finding names the JSON path and what is wrong,
// in words a content editor can act on.
import Ajv2020Module from 'ajv/dist/2020.js';
import metaSchema from './form-document.schema.json' with { type: 'json' };
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import { normalizers } from '../../custom-validators/normalizers.ts';
import { compileSchema } from './compile.ts';
import { resolveVariants, variantNames } from './document.ts';
import { knownOperation, operationsIn, variablesIn } from './logic.ts';
import type { FormDocument, JsonSchema, Logic } from './types.ts';

export interface Finding {
  path: string;
  message: string;
}

type AjvClass = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
let validateMeta: ReturnType<InstanceType<AjvClass>['compile']> | undefined;

const RULE_SCOPE_VARIABLES = new Set(['$const', '$texts', '$row', '$index']);

export function checkDocument(input: unknown): Finding[] {
  validateMeta ??= new Ajv2020({ allErrors: true, strict: false }).compile(metaSchema);
  if (!validateMeta(input)) {
    return (validateMeta.errors ?? []).map((error) => ({
      path: error.instancePath || '/',
      message: `ei vastaa lomakedokumentin rakennetta: ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
    }));
  }
  const doc = input as FormDocument;
  const findings: Finding[] = [];
  const add = (path: string, message: string) => findings.push({ path, message });
  const fields = doc.schema.properties;
  const isField = (id: string) => Object.hasOwn(fields, id);
  const listItemProperty = (id: string): boolean => {
    const [list, star, prop, ...rest] = id.split('.');
    if (star !== '*' || !prop || rest.length) return false;
    const items = itemSchema(doc, fields[list]);
    return Boolean(items && Object.hasOwn((items.properties as object) ?? {}, prop));
  };
  const isFieldOrRow = (id: string) => isField(id) || listItemProperty(id);

  // Steps: numbers, fields, one step per field.
  const numbers = new Set<number>();
  const onStep = new Map<string, string>();
  doc.steps.forEach((step, s) => {
    if (numbers.has(step.number)) add(`/steps/${s}/number`, `vaiheen numero ${step.number} on jo käytössä`);
    numbers.add(step.number);
    if (typeof step.button !== 'string') checkRule(step.button, `/steps/${s}/button`);
    if (step.when !== undefined) checkRule(step.when, `/steps/${s}/when`);
    step.sections.forEach((section, c) =>
      section.fields.forEach((field, f) => {
        const path = `/steps/${s}/sections/${c}/fields/${f}`;
        if (!isField(field)) add(path, `kenttää "${field}" ei ole skeemassa`);
        else if (onStep.has(field)) add(path, `kenttä "${field}" on jo vaiheella (${onStep.get(field)})`);
        else onStep.set(field, path);
      }),
    );
  });
  const byNumber = [...doc.steps].sort((a, b) => a.number - b.number);
  byNumber.forEach((step, i) => {
    if (i > 0 && step.progress < byNumber[i - 1].progress)
      add(`/steps/${doc.steps.indexOf(step)}/progress`, `edistyminen ${step.progress} on pienempi kuin edellisen vaiheen ${byNumber[i - 1].progress}`);
  });

  const derived = doc.rules?.derived ?? {};
  for (const field of Object.keys(fields)) {
    const path = `/schema/properties/${field}`;
    if (!onStep.has(field) && !Object.hasOwn(derived, field)) add(path, `kenttä "${field}" ei ole millään vaiheella eikä johdettu arvo`);
    if (Object.hasOwn(derived, field) && onStep.has(field)) add(path, `johdettu kenttä "${field}" ei voi olla vaiheella`);
    if (!doc.labels[field]) add(`/labels`, `kentältä "${field}" puuttuu nimi (labels)`);
  }

  // Rules.
  const rules = doc.rules ?? {};
  for (const kind of ['visible', 'required', 'derived'] as const) {
    for (const [field, rule] of Object.entries(rules[kind] ?? {})) {
      const path = `/rules/${kind}/${field}`;
      if (!isField(field)) add(path, `kenttää "${field}" ei ole skeemassa`);
      checkRule(rule, path);
    }
  }
  for (const [name, rule] of Object.entries(rules.computed ?? {})) checkRule(rule, `/rules/computed/${name}`);
  (rules.checks ?? []).forEach((check, i) => {
    const path = `/rules/checks/${i}`;
    if (!isFieldOrRow(check.field)) add(`${path}/field`, `kenttää "${check.field}" ei ole skeemassa`);
    if (check.message === undefined && !doc.messages.default) add(`${path}/message`, 'säännöltä puuttuu viesti');
    checkRule(check.rule, `${path}/rule`);
  });
  const ids = new Set<string>();
  (rules.checks ?? []).forEach((check, i) => {
    if (ids.has(check.id)) add(`/rules/checks/${i}/id`, `säännön tunnus "${check.id}" on jo käytössä`);
    ids.add(check.id);
  });

  (doc.summary ?? []).forEach((section, s) => {
    if (!numbers.has(section.step)) add(`/summary/${s}/step`, `vaihetta ${section.step} ei ole`);
    if (section.when !== undefined) checkRule(section.when, `/summary/${s}/when`);
    section.fields.forEach((field, f) => {
      if (!isField(field)) add(`/summary/${s}/fields/${f}`, `kenttää "${field}" ei ole skeemassa`);
    });
  });

  for (const key of Object.keys(doc.labels)) if (!isFieldOrRow(key)) add(`/labels/${key}`, `nimi kentälle "${key}", jota ei ole skeemassa`);
  for (const key of Object.keys(doc.fieldMessages ?? {})) if (!isFieldOrRow(key)) add(`/fieldMessages/${key}`, `viestit kentälle "${key}", jota ei ole skeemassa`);
  for (const key of Object.keys(doc.ui ?? {})) if (!isField(key)) add(`/ui/${key}`, `ulkoasu kentälle "${key}", jota ei ole skeemassa`);
  for (const [field, names] of Object.entries(doc.normalize ?? {})) {
    if (!isField(field)) add(`/normalize/${field}`, `kenttää "${field}" ei ole skeemassa`);
    for (const name of Array.isArray(names) ? names : [names]) if (!normalizers[name]) add(`/normalize/${field}`, `tuntematon normalisointi "${name}"`);
  }

  // Every custom keyword a field uses needs a Finnish message for each code it can give.
  for (const [field, schema] of schemaEntries(doc)) {
    for (const keyword of finnishKeywords) {
      if (schema[keyword.keyword] === undefined || schema[keyword.keyword] === false) continue;
      for (const code of keyword.codes) {
        const key = `${keyword.keyword}.${code}`;
        if (!doc.messages[key] && !doc.fieldMessages?.[field]?.[key]) add(`/messages`, `viesti "${key}" puuttuu (kenttä ${field})`);
      }
    }
  }

  // The data schema must compile, as itself and in every variant.
  tryCompile(doc, '/schema');
  for (const name of variantNames(doc)) {
    try {
      tryCompile(resolveVariants(doc, [name]), `/variants/${name}`);
    } catch (error) {
      add(`/variants/${name}`, `muunnelmaa ei voi soveltaa: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return findings;

  function tryCompile(resolved: FormDocument, path: string) {
    try {
      compileSchema(resolved);
    } catch (error) {
      add(path, `skeema ei käänny: ${(error as Error).message}`);
    }
  }

  function checkRule(rule: Logic, path: string) {
    for (const op of operationsIn(rule)) if (op !== 'var' && !knownOperation(op)) add(path, `tuntematon sääntöoperaatio "${op}"`);
    for (const variable of variablesIn(rule)) {
      if (RULE_SCOPE_VARIABLES.has(variable)) continue;
      if (!isField(variable)) add(path, `sääntö viittaa kenttään "${variable}", jota ei ole skeemassa`);
    }
    for (const ref of constantRefs(rule)) {
      const [scope, ...rest] = ref.split('.');
      const root = scope === '$const' ? doc.constants : doc.texts;
      if (resolvePath(root, rest) === undefined) add(path, `sääntö viittaa arvoon "${ref}", jota ei ole`);
    }
  }
}

function itemSchema(doc: FormDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const resolved = deref(doc, schema);
  return resolved.items ? deref(doc, resolved.items as JsonSchema) : undefined;
}

function deref(doc: FormDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  const target = resolvePath(doc.schema, ref.slice(2).split('/')) as JsonSchema | undefined;
  return target ? { ...target, ...schema } : schema;
}

function schemaEntries(doc: FormDocument): Array<[string, JsonSchema]> {
  return Object.entries(doc.schema.properties).map(([field, schema]) => [field, deref(doc, schema)]);
}

function resolvePath(root: unknown, parts: string[]): unknown {
  return parts.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), root);
}

function constantRefs(rule: Logic, found: string[] = []): string[] {
  if (Array.isArray(rule)) for (const item of rule) constantRefs(item, found);
  else if (rule && typeof rule === 'object') {
    for (const [key, value] of Object.entries(rule)) {
      const path = key === 'var' ? (Array.isArray(value) ? value[0] : value) : undefined;
      if (typeof path === 'string' && (path.startsWith('$const.') || path.startsWith('$texts.'))) found.push(path);
      else constantRefs(value, found);
    }
  }
  return found;
}
