// forms:check: a document against the meta-schema, then the cross-references the
// meta-schema cannot express. Every finding names the JSON path and what is wrong,
// in words a content editor can act on.
import Ajv2020Module from 'ajv/dist/2020.js';
import metaSchema from './form-document.schema.json' with { type: 'json' };
import flatMetaSchema from './flat-document.schema.json' with { type: 'json' };
import messagesMetaSchema from './form-messages.schema.json' with { type: 'json' };
import sectionMetaSchema from './form-section.schema.json' with { type: 'json' };
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import { normalizers } from '../../custom-validators/normalizers.ts';
import { compileSchema, createAjv } from './compile.ts';
import { resolveVariants, variantNames } from './document.ts';
import { unsafeLinkFindings } from './links.ts';
import { knownOperation, operationsIn, variablesIn } from './logic.ts';
import { premiumTableFindings } from './premium-table.ts';
import { CURRENT_FORMAT, FORMAT_2_SHARED_MESSAGES, fieldsToMaps, formatOf, migrateDocument } from './format/index.ts';
import { resolveDocument, usesSections, withParty, type LoadSection, type Section } from './sections.ts';
import type { Finding, FormDocument, JsonSchema, Logic } from './types.ts';

export type { Finding } from './types.ts';

type AjvClass = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
let validateMeta: ReturnType<InstanceType<AjvClass>['compile']> | undefined;
let validateFlatMeta: ReturnType<InstanceType<AjvClass>['compile']> | undefined;
let validateMessagesMeta: ReturnType<InstanceType<AjvClass>['compile']> | undefined;
let validateSectionMeta: ReturnType<InstanceType<AjvClass>['compile']> | undefined;

const RULE_SCOPE_VARIABLES = new Set(['$const', '$texts', '$row', '$index']);

function metaFindings(validate: ReturnType<InstanceType<AjvClass>['compile']>, input: unknown, what: string): Finding[] {
  if (validate(input)) return [];
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if')
    .map((error) => ({
      path: error.instancePath || '/',
      message: `ei vastaa ${what} rakennetta: ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}${error.params && 'unevaluatedProperty' in error.params ? ` (${String(error.params.unevaluatedProperty)})` : ''}`,
    }));
}

/** A document as it is written in the current format (2), before anything is resolved: the meta-schema only. */
export function checkDocumentShape(input: unknown): Finding[] {
  validateMeta ??= new Ajv2020({ allErrors: true, strict: false }).compile(metaSchema);
  return metaFindings(validateMeta, input, 'lomakedokumentin');
}

/**
 * A document in the flat shape: the resolved document, and a format-1 document as written
 * (format 1 is the flat shape with includes), checked before it is migrated so that its
 * findings name the paths its editor wrote.
 */
export function checkFlatShape(input: unknown): Finding[] {
  validateFlatMeta ??= new Ajv2020({ allErrors: true, strict: false }).compile(flatMetaSchema);
  return metaFindings(validateFlatMeta, input, 'lomakedokumentin');
}

/** forms/messages.json: the keyword messages every document uses (engine/core/form-messages.schema.json). */
export function checkSharedMessages(input: unknown): Finding[] {
  validateMessagesMeta ??= new Ajv2020({ allErrors: true, strict: false }).compile(messagesMetaSchema);
  return metaFindings(validateMessagesMeta, input, 'yhteisten viestien');
}

/** A written document's meta-schema check in the format it says it is in. */
export const checkWrittenShape = (input: unknown): Finding[] => (formatOf(input) === CURRENT_FORMAT ? checkDocumentShape(input) : formatOf(input) === 1 ? checkFlatShape(input) : []);

/** A flat document (sections resolved): the meta-schema and every cross-reference. */
export function checkDocument(input: unknown): Finding[] {
  if (formatOf(input) > 1) return [{ path: '/', message: `dokumentin kenttiä ja osioita (muoto ${formatOf(input)}) ei ole ratkaistu: lue dokumentti readFormDocumentilla` }];
  const shape = checkFlatShape(input);
  if (shape.length) return shape;
  if (usesSections(input)) return [{ path: '/', message: 'dokumentin osioita (include, parties, {section, party}) ei ole ratkaistu: lue dokumentti readFormDocumentilla' }];
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
  // A document shows progress on every step or on none (a plain form, engine/core/types.ts Step).
  const withProgress = doc.steps.filter((step) => step.progress !== undefined).length;
  if (withProgress > 0 && withProgress < doc.steps.length)
    doc.steps.forEach((step, s) => {
      if (step.progress === undefined) add(`/steps/${s}`, `vaiheelta puuttuu edistyminen (progress), vaikka muilla vaiheilla se on`);
    });
  byNumber.forEach((step, i) => {
    const previous = byNumber[i - 1]?.progress;
    if (typeof step.progress === 'number' && typeof previous === 'number' && step.progress < previous)
      add(`/steps/${doc.steps.indexOf(step)}/progress`, `edistyminen ${step.progress} on pienempi kuin edellisen vaiheen ${previous}`);
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
  (rules.warnings ?? []).forEach((warning, i) => {
    const path = `/rules/warnings/${i}`;
    // A warning sits beside one field's control: a top-level field, not a list's row.
    if (!isField(warning.field)) add(`${path}/field`, `kenttää "${warning.field}" ei ole skeemassa`);
    checkRule(warning.rule, `${path}/rule`);
  });
  for (const [kind, list] of [['checks', rules.checks ?? []], ['warnings', rules.warnings ?? []]] as const) {
    const ids = new Set<string>();
    list.forEach((rule, i) => {
      if (ids.has(rule.id)) add(`/rules/${kind}/${i}/id`, `säännön tunnus "${rule.id}" on jo käytössä`);
      ids.add(rule.id);
    });
  }

  (doc.summary ?? []).forEach((section, s) => {
    if (!numbers.has(section.step)) add(`/summary/${s}/step`, `vaihetta ${section.step} ei ole`);
    if (section.when !== undefined) checkRule(section.when, `/summary/${s}/when`);
    section.fields.forEach((field, f) => {
      if (!isField(field)) add(`/summary/${s}/fields/${f}`, `kenttää "${field}" ei ole skeemassa`);
    });
  });

  for (const key of Object.keys(doc.labels)) if (!isFieldOrRow(key)) add(`/labels/${key}`, `nimi kentälle "${key}", jota ei ole skeemassa`);
  for (const key of Object.keys(doc.fieldMessages ?? {})) if (!isFieldOrRow(key)) add(`/fieldMessages/${key}`, `viestit kentälle "${key}", jota ei ole skeemassa`);
  for (const key of Object.keys(doc.sensitive ?? {})) if (!isFieldOrRow(key)) add(`/sensitive/${key}`, `arkaluonteiseksi merkitty kenttä "${key}", jota ei ole skeemassa`);
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
  // A `[text](href)` in any text becomes a link in the browser only with a safe href: say so here.
  findings.push(...unsafeLinkFindings(doc));
  // A price table a rule reads must price every tier at every age it covers.
  findings.push(...premiumTableFindings(doc));
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

/**
 * A shared section on its own (forms/sections/<id>.json): its meta-schema, the
 * fields its checks, summary lines and party patches name, rule operations,
 * normalisers and the field schemas. What a section reads from a document (a
 * field of another section, `hasCoApplicant`, a constant, a keyword's message)
 * is checked in each document that includes it. Findings carry `section: id`.
 */
export function checkSection(input: unknown, id: string): Finding[] {
  validateSectionMeta ??= new Ajv2020({ allErrors: true, strict: false }).compile(sectionMetaSchema);
  const tag = (finding: Finding): Finding => ({ ...finding, section: id });
  const shape = metaFindings(validateSectionMeta, input, 'osion');
  if (shape.length) return shape.map(tag);
  const section = input as Section;
  const findings: Finding[] = [];
  const add = (path: string, message: string) => findings.push({ path, message, section: id });
  if (section.id !== id) add('/id', `osion tunnus "${section.id}" ei vastaa tiedoston nimeä "${id}"`);
  const fields = section.fields;
  const isField = (name: string) => Object.hasOwn(fields, name);
  const rowsOf = (name: string): string[] => {
    let schema = fields[name]?.schema as JsonSchema | undefined;
    const viaDefs = (s: JsonSchema | undefined) => (typeof s?.$ref === 'string' && s.$ref.startsWith('#/$defs/') ? { ...(section.$defs?.[s.$ref.slice('#/$defs/'.length)] ?? {}), ...s } : s);
    schema = viaDefs(schema);
    const items = viaDefs(schema?.items as JsonSchema | undefined);
    return Object.keys((items?.properties as object) ?? {});
  };
  const checkRule = (rule: Logic, path: string) => {
    for (const op of operationsIn(rule)) if (op !== 'var' && !knownOperation(op)) add(path, `tuntematon sääntöoperaatio "${op}"`);
  };

  for (const [name, field] of Object.entries(fields)) {
    const path = `/fields/${name}`;
    const named = field.label !== undefined || (field.only !== undefined && field.only.every((party) => field.party?.[party]?.label !== undefined));
    if (!named)
      add(path, `kentältä "${name}" puuttuu nimi (label): anna se kentälle tai jokaiselle osapuolelle (party.<osapuoli>.label)`);
    for (const [party, patch] of Object.entries({ '': field, ...Object.fromEntries(Object.entries(field.party ?? {}).map(([p, v]) => [`/party/${p}`, v])) })) {
      for (const kind of ['visible', 'required', 'derived'] as const) if (patch[kind] !== undefined && patch[kind] !== null) checkRule(patch[kind], `${path}${party}/${kind}`);
      for (const names of patch.normalize === undefined ? [] : [patch.normalize].flat()) if (!normalizers[names]) add(`${path}${party}/normalize`, `tuntematon normalisointi "${names}"`);
      for (const row of Object.keys(patch.rows ?? {})) if (!rowsOf(name).includes(row)) add(`${path}${party}/rows/${row}`, `listan riveillä ei ole kenttää "${row}"`);
    }
    if (field.derived !== undefined && field.required !== undefined) add(`${path}/required`, 'johdettu kenttä ei voi olla pakollinen');
  }
  for (const [name, check] of Object.entries(section.checks ?? {})) {
    const [list, star, row] = check.field.split('.');
    if (!isField(list)) add(`/checks/${name}/field`, `kenttää "${list}" ei ole osiossa`);
    else if (star === '*' && !rowsOf(list).includes(row)) add(`/checks/${name}/field`, `listan "${list}" riveillä ei ole kenttää "${row}"`);
    checkRule(check.rule, `/checks/${name}/rule`);
  }
  for (const [name, warning] of Object.entries(section.warnings ?? {})) {
    if (!isField(warning.field)) add(`/warnings/${name}/field`, `kenttää "${warning.field}" ei ole osiossa`);
    checkRule(warning.rule, `/warnings/${name}/rule`);
  }
  (section.summary ?? []).forEach((line, index) => {
    const name = typeof line === 'string' ? line : line.field;
    if (!isField(name)) add(`/summary/${index}`, `kenttää "${name}" ei ole osiossa`);
  });

  // The schemas compile (with a stand-in prefix); on failure, each field alone finds the culprit.
  const compile = (properties: Record<string, unknown>) => createAjv().compile(withParty({ type: 'object', properties, ...(section.$defs ? { $defs: section.$defs } : {}) }, 'party'));
  const schemas = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.schema]));
  try {
    compile(schemas);
  } catch {
    let located = false;
    for (const [name, schema] of Object.entries(schemas)) {
      try {
        compile({ [name]: schema });
      } catch (error) {
        located = true;
        add(`/fields/${name}/schema`, `skeema ei käänny: ${(error as Error).message}`);
      }
    }
    if (!located) {
      try {
        compile({});
      } catch (error) {
        add('/$defs', `skeema ei käänny: ${(error as Error).message}`);
      }
    }
  }
  for (const finding of unsafeLinkFindings(section)) add(finding.path, finding.message);
  return findings;
}

export interface SourceCheck {
  /** The flat document (a best effort when there are findings). */
  document: FormDocument;
  findings: Finding[];
  /** The ids of the sections the document includes. */
  sections: string[];
}

export interface SourceCheckOptions {
  /**
   * The written document's shape check (checkWrittenShape by default). A reader that checks nothing
   * (the logger's field scan at start-up) passes a no-op: compiling the meta-schema alone costs about 90 ms.
   */
  checkShape?: (raw: unknown) => readonly Finding[];
  /** The flat document's check (node.ts passes a cached one). */
  checkFlat?: (doc: FormDocument) => readonly Finding[];
  /** A section's own check (node.ts passes a cached one). */
  checkOneSection?: (section: unknown, id: string) => readonly Finding[];
  /** forms/messages.json's messages (node.ts reads the file); by default those format 2 began with. */
  sharedMessages?: Readonly<Record<string, string>>;
}

/**
 * A document as written: its format (an older one is migrated, a newer one refused), its
 * shape, each section it includes on its own, the includes, then the flat document. A
 * finding names the path the editor wrote: in a format-2 document `/fields/<id>/label`,
 * not the flat `/labels/<id>`; in a format-1 document its own paths; a path that came from
 * a section names the section (and the party it was included for) and the path in it.
 */
export function checkSource(raw: unknown, loadSection: LoadSection, options: SourceCheckOptions = {}): SourceCheck {
  const checkFlat = options.checkFlat ?? checkDocument;
  const checkOneSection = options.checkOneSection ?? checkSection;
  const migration = migrateDocument(raw);
  if (migration.findings.length) return { document: raw as FormDocument, findings: migration.findings, sections: [] };
  const shape = (options.checkShape ?? checkWrittenShape)(raw);
  if (shape.length) return { document: raw as FormDocument, findings: [...shape], sections: [] };
  const maps = fieldsToMaps(migration.document, options.sharedMessages ?? FORMAT_2_SHARED_MESSAGES);
  // Format 1 is the map shape itself: its paths are already where its editor wrote them.
  const written = migration.from < CURRENT_FORMAT ? (path: string) => path : maps.origin;
  const inDocument = (finding: Finding): Finding => (finding.section === undefined ? { ...finding, path: written(finding.path) } : finding);
  const source = maps.document;
  if (!usesSections(source)) return { document: source as unknown as FormDocument, findings: checkFlat(source as unknown as FormDocument).map(inDocument), sections: [] };
  // Each included section on its own first: the resolver may assume sound sections.
  const loaded = new Map<string, unknown>();
  const sectionFindings: Finding[] = [];
  for (const id of Object.keys((source as { include?: object }).include ?? {})) {
    try {
      loaded.set(id, loadSection(id));
    } catch (error) {
      sectionFindings.push({ path: `/include/${id}`, message: (error as Error).message });
      continue;
    }
    sectionFindings.push(...checkOneSection(loaded.get(id), id));
  }
  if (sectionFindings.length) return { document: source as unknown as FormDocument, findings: sectionFindings, sections: [...loaded.keys()] };
  const resolution = resolveDocument(source, (id) => structuredClone(loaded.get(id)));
  if (resolution.findings.length) return { document: resolution.document, findings: resolution.findings.map(inDocument), sections: resolution.sections };
  const mapped = checkFlat(resolution.document).map((finding): Finding => {
    const origin = resolution.origin(finding.path);
    return origin.section ? { path: origin.path, message: finding.message, section: origin.section, ...(origin.party ? { party: origin.party } : {}) } : { path: written(origin.path), message: finding.message };
  });
  return { document: resolution.document, findings: mapped, sections: resolution.sections };
}
