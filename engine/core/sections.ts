// Shared sections (forms/sections/*.json): fields written once with a party
// parameter and included by documents for each party (the primary applicant, a
// co-applicant). `resolveDocument` turns a document that includes sections into
// the flat document the engine has always used (schema, steps, rules, ui, labels,
// …), so the runtime, the compiled validators, the renderer, the summary and the
// QA generator keep their contracts. It is pure: the caller reads the files
// (engine/core/node.ts) and hands them in through `loadSection`.
//
// The format is in docs/adr/0006-form-sections.md and the meta-schema
// form-section.schema.json; in short:
//
// - A section's `fields` are named without the party prefix (`Firstnames`); the
//   flat id is prefix + name (`coApplicantFirstnames`). Inside rules, ui options
//   and texts, `{party}` stands for the prefix (`{"var": "{party}Email"}`).
// - `only: [party]` keeps a field, a check or a summary line to some parties; a
//   field's `party.<party>` is a patch for that party (a label or a rule of its own).
// - The document declares its `parties` (`when`: the condition every one of the
//   party's fields gets, `label`: a template such as `Kanssahakijan {label}`,
//   `autocomplete`: the value every `ui:autocomplete` of the party gets), lists the
//   sections it uses in `include` (with an optional `override`, a merge patch of
//   the section for this product), and places `{section, party}` where the fields
//   go: in a step section's `fields`, a summary section's `fields`, and optionally
//   in `rules.checks` (where the section's checks run; otherwise they run last).
// - `"sensitive": true` on a field (or a list's row) puts its flat id in the flat
//   document's `sensitive` map, for every party, beside the document's own entries.
import type { Check, Finding, FormDocument, JsonSchema, Logic, SummarySection, Warning } from './types.ts';

export interface SectionRef {
  section: string;
  party: string;
}

export interface PartyOptions {
  /** Every field of the party is visible only when this holds (and its own rule, if any). */
  when?: Logic;
  /** Label template, e.g. `Kanssahakijan {label}`: `{label}` is the section's label, first letter in lower case unless it starts the template. */
  label?: string;
  /** Replaces every `ui:autocomplete` of the party's fields (`off`: the browser's autofill is the applicant's own details). */
  autocomplete?: string;
  /**
   * The flat ids' prefix; the party's name when unset. An empty prefix gives the section's
   * names as they are with a small first letter (`Address` → `address`), for a document
   * whose contract names one person's fields plainly (the insurance, the customer's details).
   */
  prefix?: string;
}

export interface IncludeOptions {
  /** A merge patch (RFC 7386) of the section for this document; rules (`visible`, `rule`, …) are replaced whole. */
  override?: Record<string, unknown>;
  /**
   * Field names this product's contract spells differently (`HasCarboat` → `HasCarboatLoan`):
   * applied after the override, to the fields, checks, warnings, summary lines and every
   * `{party}Name` reference in the section's rules, ui options and texts.
   */
  rename?: Record<string, string>;
  /**
   * Only these of the section's fields (named as after `rename`), in the section's order; the
   * section's checks, warnings and summary lines about the others are left out with them.
   */
  fields?: string[];
}

export interface SectionRow {
  label?: string;
  messages?: Record<string, string>;
  /** The row property holds personal or secret data (flat: `sensitive["<list>.*.<row>"]`). */
  sensitive?: boolean;
}

export interface SectionField {
  only?: string[];
  schema: JsonSchema;
  label?: string;
  rows?: Record<string, SectionRow>;
  visible?: Logic;
  required?: Logic;
  derived?: Logic;
  normalize?: string | string[];
  ui?: Record<string, unknown>;
  messages?: Record<string, string>;
  /** Personal or secret data: the flat document's `sensitive` map gets the field for every party. */
  sensitive?: boolean;
  party?: Record<string, Partial<Omit<SectionField, 'only' | 'party'>>>;
}

export interface SectionCheck {
  field: string;
  rule: Logic;
  message?: string;
  whenEmpty?: boolean;
  only?: string[];
}

/** A notice beside a field when its rule does not hold; it never stops a step. */
export interface SectionWarning {
  field: string;
  rule: Logic;
  message: string;
  only?: string[];
}

export type SummaryLine = string | { field: string; only?: string[] };

export interface Section {
  $schema?: string;
  id: string;
  title: string;
  description?: string;
  $defs?: Record<string, JsonSchema>;
  fields: Record<string, SectionField>;
  checks?: Record<string, SectionCheck>;
  warnings?: Record<string, SectionWarning>;
  summary?: SummaryLine[];
}

/** Where a path of the resolved document was written: in the document itself, or in a section for a party. */
export interface Origin {
  path: string;
  section?: string;
  party?: string;
}

export interface Resolution {
  /** The flat document. With findings it is a best effort, only fit for reporting. */
  document: FormDocument;
  /** Problems of the includes themselves (an unknown section or party, a field placed twice, …). */
  findings: Finding[];
  /** The ids of the sections the document includes, in the order of `include`. */
  sections: string[];
  /** Maps a path of the resolved document to where it was written. */
  origin(path: string): Origin;
}

/** Reads a section by id; throws (an Error with a Finnish message) when there is none or it is not JSON. */
export type LoadSection = (id: string) => unknown;

export const PARTY_PLACEHOLDER = '{party}';
/** Parts of a field or check that are rules: an override or a party patch replaces them whole. */
const RULE_KEYS = new Set(['visible', 'required', 'derived', 'rule', 'when']);
/** The per-field maps of the flat document, in the order the fields are in. */
const FIELD_MAPS = ['labels', 'ui', 'normalize', 'fieldMessages', 'sensitive'] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isSectionRef(value: unknown): value is SectionRef {
  return isObject(value) && typeof value.section === 'string' && typeof value.party === 'string';
}

/** Does this (unresolved) document include sections? A flat document is returned as it is. */
export function usesSections(raw: unknown): boolean {
  if (!isObject(raw)) return false;
  if ('include' in raw || 'parties' in raw) return true;
  const steps = Array.isArray(raw.steps) ? raw.steps : [];
  const summary = Array.isArray(raw.summary) ? raw.summary : [];
  const checks = isObject(raw.rules) && Array.isArray(raw.rules.checks) ? raw.rules.checks : [];
  const inFields = (holder: unknown) => isObject(holder) && Array.isArray(holder.fields) && holder.fields.some(isSectionRef);
  return (
    steps.some((step) => isObject(step) && Array.isArray(step.sections) && step.sections.some(inFields)) ||
    summary.some(inFields) ||
    checks.some(isSectionRef)
  );
}

/** JSON Merge Patch (RFC 7386), except that rules are replaced whole rather than merged key by key. */
export function mergePatch<T>(target: T, patch: unknown): T {
  if (!isObject(patch)) return structuredClone(patch) as T;
  const out: Json = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (RULE_KEYS.has(key)) out[key] = structuredClone(value);
    else out[key] = mergePatch(out[key], value);
  }
  return out as T;
}

const PLAIN_REFERENCE = /\{party\}(\p{Lu})/gu;

/** The flat id of a section's field for a prefix: `coApplicant` + `Email`, or plain `email`. */
export const fieldIdOf = (prefix: string, name: string) => (prefix ? prefix + name : name.charAt(0).toLowerCase() + name.slice(1));

/** `{party}` → the prefix, in every string of a value (with no prefix, `{party}City` → `city`). */
export function withParty<T>(value: T, prefix: string): T {
  if (typeof value === 'string') return (prefix ? value.split(PARTY_PLACEHOLDER).join(prefix) : value.replace(PLAIN_REFERENCE, (_, first: string) => first.toLowerCase()).split(PARTY_PLACEHOLDER).join('')) as T;
  if (Array.isArray(value)) return value.map((item) => withParty(item, prefix)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withParty(item, prefix)])) as T;
  return value;
}

/**
 * `Kanssahakijan {label}` + `Nettotulot` → `Kanssahakijan nettotulot`. A label that opens
 * with an abbreviation or a name keeps its capital (`PEP-selvitys`, `Y-tunnus`,
 * `MasterCard`): only a capital followed by a small letter is an ordinary word.
 */
export function applyLabelTemplate(template: string, label: string): string {
  const at = template.indexOf('{label}');
  if (at < 0) return template;
  const ordinaryWord = /^\p{Lu}\p{Ll}/u.test(label);
  const text = at === 0 || !ordinaryWord ? label : label.charAt(0).toLocaleLowerCase('fi') + label.slice(1);
  return template.slice(0, at) + text + template.slice(at + '{label}'.length);
}

const pointer = (...parts: Array<string | number>) => parts.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const topLevel = (key: string) => key.split('.')[0];

/** One section expanded for one party: flat entries, each with the path it was written at. */
interface Expansion {
  section: string;
  party: string;
  /** Field ids in section order, derived ones included. */
  fields: string[];
  /** The ids a step shows (derived fields are computed, not asked). */
  stepFields: Array<{ id: string; from: string }>;
  properties: Array<[id: string, schema: JsonSchema, from: string]>;
  maps: Record<(typeof FIELD_MAPS)[number] | 'visible' | 'required' | 'derived', Array<[key: string, value: unknown, from: string]>>;
  checks: Array<{ check: Check; from: string }>;
  warnings: Array<{ warning: Warning; from: string }>;
  summary: Array<{ id: string; from: string }>;
}

export function expandSection(section: Section, party: string, options: PartyOptions = {}): Expansion {
  const prefix = options.prefix ?? party;
  const out: Expansion = {
    section: section.id,
    party,
    fields: [],
    stepFields: [],
    properties: [],
    maps: { labels: [], ui: [], normalize: [], fieldMessages: [], sensitive: [], visible: [], required: [], derived: [] },
    checks: [],
    warnings: [],
    summary: [],
  };
  const present = new Set<string>();
  for (const [name, written] of Object.entries(section.fields ?? {})) {
    if (written.only && !written.only.includes(party)) continue;
    const { only: _only, party: patches, ...base } = written;
    let field = structuredClone(base) as SectionField;
    if (options.label !== undefined) {
      if (typeof field.label === 'string') field.label = applyLabelTemplate(options.label, field.label);
      for (const row of Object.values(field.rows ?? {})) if (typeof row?.label === 'string') row.label = applyLabelTemplate(options.label, row.label);
    }
    if (options.autocomplete !== undefined && field.ui && 'ui:autocomplete' in field.ui) field.ui['ui:autocomplete'] = options.autocomplete;
    const patch = patches?.[party];
    if (patch) field = mergePatch(field, patch);
    field = withParty(field, prefix);

    const id = fieldIdOf(prefix, name);
    present.add(name);
    out.fields.push(id);
    const from = (part: string) => (patch && part in patch ? pointer('fields', name, 'party', party, part) : pointer('fields', name, part));
    out.properties.push([id, field.schema, from('schema')]);
    if (field.derived === undefined) out.stepFields.push({ id, from: pointer('fields', name) });
    if (field.label !== undefined) out.maps.labels.push([id, field.label, from('label')]);
    for (const [row, { label, messages, sensitive }] of Object.entries(field.rows ?? {})) {
      const rowFrom = (part: string) => (patch?.rows?.[row] && part in patch.rows[row] ? pointer('fields', name, 'party', party, 'rows', row, part) : pointer('fields', name, 'rows', row, part));
      if (label !== undefined) out.maps.labels.push([`${id}.*.${row}`, label, rowFrom('label')]);
      if (messages !== undefined) out.maps.fieldMessages.push([`${id}.*.${row}`, messages, rowFrom('messages')]);
      if (sensitive === true) out.maps.sensitive.push([`${id}.*.${row}`, true, rowFrom('sensitive')]);
    }
    if (field.ui !== undefined) out.maps.ui.push([id, field.ui, from('ui')]);
    if (field.normalize !== undefined) out.maps.normalize.push([id, field.normalize, from('normalize')]);
    if (field.messages !== undefined) out.maps.fieldMessages.push([id, field.messages, from('messages')]);
    if (field.sensitive === true) out.maps.sensitive.push([id, true, from('sensitive')]);
    if (options.when !== undefined) out.maps.visible.push([id, field.visible === undefined ? structuredClone(options.when) : { and: [structuredClone(options.when), field.visible] }, field.visible === undefined ? pointer('fields', name) : from('visible')]);
    else if (field.visible !== undefined) out.maps.visible.push([id, field.visible, from('visible')]);
    if (field.required !== undefined) out.maps.required.push([id, field.required, from('required')]);
    if (field.derived !== undefined) out.maps.derived.push([id, field.derived, from('derived')]);
  }
  for (const [name, written] of Object.entries(section.checks ?? {})) {
    if (written.only && !written.only.includes(party)) continue;
    const { field, rule, message, whenEmpty } = withParty(written, prefix);
    const check: Check = { id: fieldIdOf(prefix, name), field: fieldIdOf(prefix, field) } as Check;
    if (whenEmpty !== undefined) check.whenEmpty = whenEmpty;
    check.rule = rule;
    if (message !== undefined) check.message = message;
    out.checks.push({ check, from: pointer('checks', name) });
  }
  for (const [name, written] of Object.entries(section.warnings ?? {})) {
    if (written.only && !written.only.includes(party)) continue;
    const { field, rule, message } = withParty(written, prefix);
    out.warnings.push({ warning: { id: fieldIdOf(prefix, name), field: fieldIdOf(prefix, field), rule, message }, from: pointer('warnings', name) });
  }
  (section.summary ?? []).forEach((line, index) => {
    const { field, only } = typeof line === 'string' ? { field: line, only: undefined } : line;
    if ((only && !only.includes(party)) || !present.has(field)) return;
    out.summary.push({ id: fieldIdOf(prefix, field), from: pointer('summary', index) });
  });
  return out;
}

const NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The section with some fields renamed (see IncludeOptions.rename). References are
 * `{party}Name` in rules and texts and bare names in checks, warnings and summary
 * lines; a reference is renamed only as a whole name (`{party}HasCarboat` but not
 * `{party}HasCarboatX`). Returns the problems of the map itself.
 */
export function renameSectionFields(section: Section, names: Record<string, string>): { section: Section; problems: Array<{ key: string; message: string }> } {
  const problems: Array<{ key: string; message: string }> = [];
  const map = new Map<string, string>();
  for (const [from, to] of Object.entries(names)) {
    if (!Object.hasOwn(section.fields, from)) problems.push({ key: from, message: `osiossa ei ole kenttää "${from}"` });
    else if (typeof to !== 'string' || !NAME.test(to)) problems.push({ key: from, message: 'uusi nimi: iso alkukirjain, kirjaimia ja numeroita' });
    else if (Object.hasOwn(section.fields, to) && !Object.hasOwn(names, to)) problems.push({ key: from, message: `osiossa on jo kenttä "${to}"` });
    else map.set(from, to);
  }
  if (map.size === 0) return { section, problems };
  // Section field names are letters and digits only (form-section.schema.json): no escaping needed.
  const reference = new RegExp(`\\{party\\}(${[...map.keys()].join('|')})(?![A-Za-z0-9])`, 'g');
  const inText = <T>(value: T): T => {
    if (typeof value === 'string') return value.replace(reference, (_, name: string) => `${PARTY_PLACEHOLDER}${map.get(name)}`) as T;
    if (Array.isArray(value)) return value.map(inText) as T;
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inText(item)])) as T;
    return value;
  };
  const bare = (field: string) => {
    const [name, ...rest] = field.split('.');
    return [map.get(name) ?? name, ...rest].join('.');
  };
  const renamed = inText(section);
  renamed.fields = Object.fromEntries(Object.entries(renamed.fields).map(([name, field]) => [map.get(name) ?? name, field]));
  for (const group of [renamed.checks, renamed.warnings]) for (const item of Object.values(group ?? {})) item.field = bare(item.field);
  if (renamed.summary) renamed.summary = renamed.summary.map((line) => (typeof line === 'string' ? bare(line) : { ...line, field: bare(line.field) }));
  return { section: renamed, problems };
}

/**
 * The section with only some of its fields (see IncludeOptions.fields): a check or a
 * warning goes with them when it is about a field left out or its rule reads one.
 */
export function keepSectionFields(section: Section, names: readonly string[]): { section: Section; problems: Array<{ index: number; message: string }> } {
  const problems: Array<{ index: number; message: string }> = [];
  names.forEach((name, index) => {
    if (!Object.hasOwn(section.fields, name)) problems.push({ index, message: `osiossa ei ole kenttää "${name}"` });
  });
  const kept = new Set(names);
  const dropped = Object.keys(section.fields).filter((name) => !kept.has(name));
  const readsDropped = (value: unknown) => {
    const text = JSON.stringify(value);
    return dropped.some((name) => new RegExp(`\\{party\\}${name}(?![A-Za-z0-9])`).test(text));
  };
  const keep = <T extends { field: string }>(group: Record<string, T> | undefined) =>
    group && Object.fromEntries(Object.entries(group).filter(([, item]) => kept.has(topLevel(item.field)) && !readsDropped(item)));
  const out: Section = { ...section, fields: Object.fromEntries(Object.entries(section.fields).filter(([name]) => kept.has(name))) };
  if (section.checks) out.checks = keep(section.checks);
  if (section.warnings) out.warnings = keep(section.warnings);
  return { section: out, problems };
}

export function resolveDocument(raw: unknown, loadSection: LoadSection): Resolution {
  if (!usesSections(raw)) return { document: raw as FormDocument, findings: [], sections: [], origin: (path) => ({ path }) };
  const source = structuredClone(raw) as Json;
  const findings: Finding[] = [];
  const origins = new Map<string, Origin>();
  const add = (path: string, message: string, at?: { section: string; party?: string }) => findings.push(at ? { path, message, section: at.section, ...(at.party ? { party: at.party } : {}) } : { path, message });

  const parties = (isObject(source.parties) ? source.parties : {}) as Record<string, PartyOptions>;
  const include = (isObject(source.include) ? source.include : {}) as Record<string, IncludeOptions>;
  delete source.parties;
  delete source.include;
  const doc = source as unknown as FormDocument & Json;

  // The sections, with this document's overrides.
  const sections = new Map<string, Section>();
  for (const [id, options] of Object.entries(include)) {
    let section: Section;
    try {
      section = loadSection(id) as Section;
    } catch (error) {
      add(pointer('include', id), (error as Error).message);
      continue;
    }
    if (!isObject(section) || !isObject(section.fields)) {
      add('/', 'ei ole osio (fields puuttuu)', { section: id });
      continue;
    }
    if (section.id !== id) add('/id', `osion tunnus "${String(section.id)}" ei vastaa tiedoston nimeä "${id}"`, { section: id });
    let adapted: Section = options?.override ? mergePatch(section, options.override) : section;
    if (options?.rename) {
      const { section: renamed, problems } = renameSectionFields(adapted, options.rename);
      for (const problem of problems) add(pointer('include', id, 'rename', problem.key), problem.message);
      adapted = renamed;
    }
    if (options?.fields) {
      const { section: kept, problems } = keepSectionFields(adapted, options.fields);
      for (const problem of problems) add(pointer('include', id, 'fields', problem.index), problem.message);
      adapted = kept;
    }
    sections.set(id, adapted);
  }

  // Each {section, party} pair is expanded once, where the steps first place it.
  const expansions = new Map<string, Expansion>();
  const placedAt = new Map<string, number>();
  const pairKey = (ref: SectionRef) => `${ref.section}\0${ref.party}`;
  const expansionFor = (ref: SectionRef, path: string): Expansion | undefined => {
    if (!Object.hasOwn(include, ref.section)) {
      add(path, `osiota "${ref.section}" ei ole dokumentin include-luettelossa`);
      return undefined;
    }
    if (!Object.hasOwn(parties, ref.party)) {
      add(path, `osapuolta "${ref.party}" ei ole dokumentin parties-luettelossa`);
      return undefined;
    }
    const section = sections.get(ref.section);
    if (!section) return undefined;
    const key = pairKey(ref);
    if (!expansions.has(key)) expansions.set(key, expandSection(section, ref.party, parties[ref.party] ?? {}));
    return expansions.get(key);
  };

  // Steps: references become the section's fields, in the section's order.
  let position = 0;
  const stepPosition = new Map<string, number>();
  type Listing = Json & { fields?: unknown };
  const listed = (holder: Listing): unknown[] => (Array.isArray(holder.fields) ? holder.fields : []);
  const steps = (Array.isArray(doc.steps) ? doc.steps : []) as unknown as Array<Json & { sections?: unknown }>;
  doc.steps = steps.map((step, s) => ({
    ...step,
    sections: (Array.isArray(step.sections) ? (step.sections as Listing[]) : []).map((stepSection, c) => {
      const fields: string[] = [];
      listed(stepSection).forEach((item, f) => {
        const rawPath = pointer('steps', s, 'sections', c, 'fields', f);
        position++;
        if (!isSectionRef(item)) {
          origins.set(pointer('steps', s, 'sections', c, 'fields', fields.length), { path: rawPath });
          if (typeof item === 'string' && !stepPosition.has(item)) stepPosition.set(item, position);
          fields.push(item as string);
          return;
        }
        const expansion = expansionFor(item, rawPath);
        if (!expansion) return;
        const key = pairKey(item);
        if (placedAt.has(key)) {
          add(rawPath, `osio "${item.section}" osapuolelle "${item.party}" on jo vaiheilla`);
          return;
        }
        placedAt.set(key, position);
        for (const { id, from } of expansion.stepFields) {
          origins.set(pointer('steps', s, 'sections', c, 'fields', fields.length), { path: from, section: item.section, party: item.party });
          fields.push(id);
        }
      });
      return { ...stepSection, fields };
    }),
  })) as unknown as FormDocument['steps'];
  const placed = [...expansions.entries()].filter(([key]) => placedAt.has(key)).sort(([a], [b]) => placedAt.get(a)! - placedAt.get(b)!).map(([, e]) => e);
  for (const id of Object.keys(include)) if (sections.has(id) && !placed.some((e) => e.section === id)) add(pointer('include', id), `osio "${id}" on mukana, mutta sitä ei ole millään vaiheella`);
  const placedRef = (ref: SectionRef, path: string): Expansion | undefined => {
    const expansion = expansionFor(ref, path);
    if (expansion && !placedAt.has(pairKey(ref))) {
      add(path, `osio "${ref.section}" osapuolelle "${ref.party}" ei ole millään vaiheella`);
      return undefined;
    }
    return expansion;
  };

  // Schema: the document's own fields, each section's fields where its steps are
  // (so the schema lists fields in step order), a derived field after the one before it.
  const schema = (isObject(doc.schema) ? doc.schema : {}) as Json;
  const own = Object.entries(isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {});
  const properties: Record<string, JsonSchema> = {};
  const defined = new Map<string, string>();
  const define = (id: string, schemaOf: JsonSchema, from: Origin) => {
    if (defined.has(id)) {
      add(from.path, `kenttä "${id}" on jo määritelty (${defined.get(id)})`, from.section ? { section: from.section, party: from.party } : undefined);
      return;
    }
    defined.set(id, from.section ? `osio ${from.section}` : 'dokumentti');
    properties[id] = schemaOf;
    origins.set(pointer('schema', 'properties', id), from);
  };
  let pending = 0;
  const flushBefore = (limit: number) => {
    while (pending < placed.length && placedAt.get(pairKey(placed[pending]))! < limit) {
      const expansion = placed[pending++];
      for (const [id, fieldSchema, from] of expansion.properties) define(id, fieldSchema, { path: from, section: expansion.section, party: expansion.party });
    }
  };
  let last = -1;
  for (const [id, fieldSchema] of own) {
    last = stepPosition.get(id) ?? last;
    flushBefore(last);
    define(id, fieldSchema, { path: pointer('schema', 'properties', id) });
  }
  flushBefore(Infinity);
  schema.properties = properties;

  const defs: Record<string, JsonSchema> = isObject(schema.$defs) ? { ...(schema.$defs as Record<string, JsonSchema>) } : {};
  for (const id of new Set(placed.map((e) => e.section))) {
    for (const [name, def] of Object.entries(sections.get(id)!.$defs ?? {})) {
      if (Object.hasOwn(defs, name) && JSON.stringify(defs[name]) !== JSON.stringify(def)) add(pointer('$defs', name), `määritelmä "${name}" on jo toisella sisällöllä`, { section: id });
      else if (!Object.hasOwn(defs, name)) {
        defs[name] = def;
        origins.set(pointer('schema', '$defs', name), { path: pointer('$defs', name), section: id });
      }
    }
  }
  if (Object.keys(defs).length) schema.$defs = defs;

  // Per-field maps, in the schema's field order; sections' derived values first,
  // so the document's own derived values may use them.
  const order = new Map(Object.keys(properties).map((id, index) => [id, index]));
  const byField = <T>(entries: Array<[string, T]>) => entries.map((entry, index) => ({ entry, index })).sort((a, b) => (order.get(topLevel(a.entry[0])) ?? order.size) - (order.get(topLevel(b.entry[0])) ?? order.size) || a.index - b.index).map(({ entry }) => entry);
  const merge = (ownMap: unknown, ownPath: string[], kind: keyof Expansion['maps'], path: (key: string) => string, sorted: boolean) => {
    const entries: Array<[string, unknown]> = [];
    const seen = new Map<string, string>();
    const push = (key: string, value: unknown, from: Origin) => {
      if (seen.has(key)) {
        add(from.path, `"${key}" on jo määritelty (${seen.get(key)})`, from.section ? { section: from.section, party: from.party } : undefined);
        return;
      }
      seen.set(key, from.section ? `osio ${from.section}` : 'dokumentti');
      entries.push([key, value]);
      origins.set(path(key), from);
    };
    const ownEntries = isObject(ownMap) ? Object.entries(ownMap) : [];
    const fromSections = () => {
      for (const expansion of placed) for (const [key, value, from] of expansion.maps[kind]) push(key, value, { path: from, section: expansion.section, party: expansion.party });
    };
    if (kind === 'derived') fromSections();
    for (const [key, value] of ownEntries) push(key, value, { path: pointer(...ownPath, key) });
    if (kind !== 'derived') fromSections();
    return Object.fromEntries(sorted ? byField(entries) : entries);
  };
  for (const part of FIELD_MAPS) {
    const merged = merge(doc[part], [part], part, (key) => pointer(part, key), true);
    if (Object.keys(merged).length || doc[part] !== undefined) (doc as Json)[part] = merged;
  }
  const rules = (isObject(doc.rules) ? doc.rules : {}) as Json;
  for (const kind of ['visible', 'required', 'derived'] as const) {
    const merged = merge(rules[kind], ['rules', kind], kind, (key) => pointer('rules', kind, key), kind !== 'derived');
    if (Object.keys(merged).length || rules[kind] !== undefined) rules[kind] = merged;
  }

  // Checks: a reference runs the section's checks there; unplaced ones run last.
  const checks: Check[] = [];
  const checksPlaced = new Set<string>();
  const addChecks = (expansion: Expansion) => {
    for (const { check, from } of expansion.checks) {
      origins.set(pointer('rules', 'checks', checks.length), { path: from, section: expansion.section, party: expansion.party });
      checks.push(check);
    }
  };
  (Array.isArray(rules.checks) ? rules.checks : []).forEach((item, index) => {
    const rawPath = pointer('rules', 'checks', index);
    if (!isSectionRef(item)) {
      origins.set(pointer('rules', 'checks', checks.length), { path: rawPath });
      checks.push(item as Check);
      return;
    }
    const expansion = placedRef(item, rawPath);
    if (!expansion) return;
    if (checksPlaced.has(pairKey(item))) {
      add(rawPath, `osion "${item.section}" tarkistukset osapuolelle "${item.party}" ovat jo luettelossa`);
      return;
    }
    checksPlaced.add(pairKey(item));
    addChecks(expansion);
  });
  for (const expansion of placed) if (!checksPlaced.has(pairKey(expansion))) addChecks(expansion);
  if (checks.length || rules.checks !== undefined) rules.checks = checks;

  // Warnings: the document's own, then each placed section's for its party.
  const warnings: Warning[] = [];
  (Array.isArray(rules.warnings) ? (rules.warnings as Warning[]) : []).forEach((warning, index) => {
    origins.set(pointer('rules', 'warnings', warnings.length), { path: pointer('rules', 'warnings', index) });
    warnings.push(warning);
  });
  for (const expansion of placed) {
    for (const { warning, from } of expansion.warnings) {
      origins.set(pointer('rules', 'warnings', warnings.length), { path: from, section: expansion.section, party: expansion.party });
      warnings.push(warning);
    }
  }
  if (warnings.length || rules.warnings !== undefined) rules.warnings = warnings;
  if (Object.keys(rules).length || doc.rules !== undefined) doc.rules = rules as FormDocument['rules'];

  // Summary sections: a reference lists the section's summary lines for the party.
  if (Array.isArray(doc.summary)) {
    doc.summary = (doc.summary as unknown as Listing[]).map((summarySection, s) => {
      const fields: string[] = [];
      listed(summarySection).forEach((item, f) => {
        const rawPath = pointer('summary', s, 'fields', f);
        if (!isSectionRef(item)) {
          origins.set(pointer('summary', s, 'fields', fields.length), { path: rawPath });
          fields.push(item as string);
          return;
        }
        const expansion = placedRef(item, rawPath);
        for (const { id, from } of expansion?.summary ?? []) {
          origins.set(pointer('summary', s, 'fields', fields.length), { path: from, section: item.section, party: item.party });
          fields.push(id);
        }
      });
      return { ...summarySection, fields };
    }) as unknown as SummarySection[];
  }

  return {
    document: doc,
    findings,
    sections: [...sections.keys()],
    origin(path) {
      for (let prefix = path; ; prefix = prefix.slice(0, prefix.lastIndexOf('/'))) {
        const found = origins.get(prefix);
        if (found) return { ...found, path: found.path + path.slice(prefix.length) };
        if (!prefix) return { path };
      }
    },
  };
}
