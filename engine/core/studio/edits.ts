// The studio's edits of a written form document (format 2) or shared section: each takes a
// source and returns a new one, the old left untouched (the history keeps both), or says in
// Finnish why the edit is refused. A field is edited where format 2 keeps it, `fields.<id>`:
// the question the form shows is `schema.title`, the short name of the error summary and the
// summary panel is `label`, help and placeholder are `ui:help` / `ui:placeholder`, a rule's
// own message is `messages.<keyword>`. The refusals keep what forms:check demands (a name
// for every field, distinct option codes, limits that can be met, steps numbered in order);
// the studio still checks the whole document after each edit.
import { commitJson } from '../conditions/edit.ts';
import { asSectionFields, conditionFields, type ConditionField } from '../conditions/fields.ts';
import { resolveWritten } from '../format/resolve.ts';
import { FORMAT_2_SHARED_MESSAGES } from '../format/v1-to-v2.ts';
import { PARTY_PLACEHOLDER, type LoadSection } from '../sections.ts';
import type { JsonPatchOperation } from '../types.ts';
import { NEW_FIELD_KINDS, newFields, type NewFieldKind } from './new-field.ts';
import { isSectionSource } from './tree.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export type EditResult = { ok: true; source: Json } | { ok: false; reason: string };

export const LIMIT_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength'] as const;
export type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];
export type TextPart = 'question' | 'label' | 'help' | 'placeholder';
export type Direction = -1 | 1;

export type Edit =
  | { type: 'text'; field: string; part: TextPart; text: string }
  | { type: 'limit'; field: string; keyword: LimitKeyword; value: number | undefined }
  | { type: 'option-add'; field: string; code: string; title: string }
  | { type: 'option-remove'; field: string; index: number }
  | { type: 'option-move'; field: string; index: number; by: Direction }
  | { type: 'option-code'; field: string; index: number; code: string }
  | { type: 'option-title'; field: string; index: number; title: string }
  | { type: 'message'; field: string; keyword: string; text: string }
  | { type: 'field-move'; field: string; by: Direction }
  | { type: 'step-move'; index: number; by: Direction }
  | { type: 'variant-limit'; variant: string; field: string; keyword: LimitKeyword; value: number | undefined }
  | { type: 'rule'; field: string; kind: RuleKind; rule: unknown }
  | ({ type: 'field-add' } & NewField)
  | { type: 'field-remove'; field: string }
  | { type: 'include-label'; section: string; name: string; label: string | undefined }
  | { type: 'check-rule'; list: CheckList; index: number; rule: unknown }
  | { type: 'check-message'; list: CheckList; index: number; text: string }
  | { type: 'check-add'; list: CheckList; field: string; rule: unknown; message: string }
  | { type: 'check-remove'; list: CheckList; index: number };

/** The document's lists of rules about a field's answer: checks stop the step, warnings only tell. */
export type CheckList = 'checks' | 'warnings';

/** A field's own rules: when it shows, and when it must be answered (`true`: always). */
export type RuleKind = 'visible' | 'required';

export interface NewField {
  stepIndex: number;
  sectionIndex: number;
  id: string;
  kind: NewFieldKind;
  /** The question; also the field's short name until the editor gives it another. */
  label: string;
  /** The field the new one goes after (the selected one); the section's end when it is not in that section. */
  after?: string;
}

/** What some edits need besides the source: the shared sections, to read the document as the applicant gets it. */
export interface EditContext {
  loadSection?: LoadSection;
  /**
   * The item's live source (`null`: it has none). A field the live form has is in the
   * lenders' contract, and forms:check would not miss it: only a field the draft added may
   * be removed, so without this no field is.
   */
  live?: unknown;
  /**
   * The live documents (written sources), for a shared section's draft: its rules are
   * checked in the first one that includes it, the draft section in place.
   */
  documents?: readonly unknown[];
}

/** Was the field added in this draft: not in the live form (or there is no live form)? */
export function isNewField(id: string, live: unknown): boolean {
  if (live === null) return true;
  return isObject(live) && !(isObject(live.fields) && id in live.fields) && !(isObject(live.computed) && id in live.computed);
}

/** The words of a refusal; kept together so they can be read and corrected in one place. */
export const reasons = {
  notJson: 'Lähde ei ole lomakedokumentti',
  noField: (id: string) => `Kenttää ${id} ei ole tässä dokumentissa`,
  emptyQuestion: 'Kysymys ei voi olla tyhjä',
  emptyLabel: 'Lyhyt nimi ei voi olla tyhjä: sitä käytetään virheyhteenvedossa ja yhteenvedossa',
  notNumber: 'Anna luku',
  notInteger: 'Anna kokonaisluku',
  negativeLength: 'Pituus ei voi olla negatiivinen',
  sliderNeedsLimits: 'Liukusäätimellä pitää olla vähimmäis- ja enimmäisarvo',
  limitForNumbers: 'Vähimmäis- ja enimmäisarvo ovat vain lukukentillä',
  lengthForTexts: 'Vähimmäis- ja enimmäispituus ovat vain tekstikentillä',
  minOverMax: (min: number, max: number) => `Vähimmäisarvo ${min} on suurempi kuin enimmäisarvo ${max}`,
  minLengthOverMax: (min: number, max: number) => `Vähimmäispituus ${min} on suurempi kuin enimmäispituus ${max}`,
  defaultOutside: (value: unknown) => `Oletusarvo ${String(value)} ei olisi enää rajojen sisällä`,
  variantConflict: (variant: string, min: number, max: number) => `Muunnelmassa ${variant} vähimmäisarvo ${min} olisi suurempi kuin enimmäisarvo ${max}`,
  noOptions: 'Kentällä ei ole vaihtoehtoja',
  noOption: 'Vaihtoehtoa ei ole',
  emptyCode: 'Koodi ei voi olla tyhjä',
  duplicateCode: (code: unknown) => `Koodi ${String(code)} on jo toisella vaihtoehdolla`,
  emptyOptionTitle: 'Vaihtoehdon teksti ei voi olla tyhjä',
  lastOption: 'Viimeistä vaihtoehtoa ei voi poistaa',
  defaultOption: (code: unknown) => `Vaihtoehto ${String(code)} on kentän oletusarvo; vaihda oletus ensin`,
  codeInRules: (code: unknown) => `Koodia ${String(code)} käytetään lomakkeen säännöissä tai muunnelmissa; muuta ne ensin`,
  cannotMove: 'Ei voi siirtää pidemmälle',
  fieldNotOnStep: 'Kenttä ei ole millään vaiheella',
  noStep: 'Vaihetta ei ole',
  noVariant: (name: string) => `Muunnelmaa ${name} ei ole`,
  unknownKeyword: (keyword: string) => `Sääntöä ${keyword} ei tunneta`,
  unresolved: (detail: string) => `Lomaketta ei voitu lukea kokonaan osioineen: ${detail}`,
  sectionsNotLoaded: 'Jaettuja osioita ei ole vielä ladattu; yritä hetken kuluttua uudelleen',
  noIncluder: 'Mikään julkaistu lomake ei käytä tätä osiota, joten sen ehtoja ei voi tarkistaa',
  inDocument: (document: string, reason: string) => `Lomakkeessa ${document}: ${reason}`,
  notRule: 'Ehto ei ole kelvollinen',
  badId: (id: string) => `Tunnus ${id || '(tyhjä)'} ei kelpaa: aloita kirjaimella ja käytä vain kirjaimia a–z ja numeroita`,
  takenId: (id: string) => `Tunnus ${id} on jo käytössä tässä lomakkeessa`,
  emptyNewLabel: 'Anna kentälle kysymys',
  unknownKind: (kind: string) => `Kenttätyyppiä ${kind} ei tunneta`,
  noSection: 'Vaiheella ei ole tätä osiota',
  notNewField: (id: string) => `Kenttä ${id} on julkaistussa lomakkeessa; vain tässä luonnoksessa lisätyn kentän voi poistaa`,
  fieldInUse: (id: string) => `Kenttää ${id} käytetään lomakkeen säännöissä, yhteenvedossa tai muunnelmissa; poista ne ensin`,
  noInclude: (section: string) => `Lomake ei käytä osiota ${section}`,
  noSectionField: (section: string, name: string) => `Osiossa ${section} ei ole kenttää ${name}`,
  unknownEdit: 'Tuntematon muokkaus',
  noCheck: 'Tarkistusta tai huomautusta ei ole',
  sectionCheck: 'Tämä on jaetun osion tarkistusten viittaus; osion tarkistuksia muokataan osiossa',
  emptyCheckMessage: 'Viesti ei voi olla tyhjä: hakija näkee sen kentän vieressä',
  emptyCheckRule: 'Anna ehto, jonka vastauksen pitää täyttää',
};

const refuse = (reason: string): EditResult => ({ ok: false, reason });

/** A copy of the source to change, and the written field by id (undefined when there is none). */
function withField(source: unknown, id: string, change: (field: Json, copy: Json) => string | undefined): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  const copy = structuredClone(source);
  const fields = copy.fields;
  if (!isObject(fields) || !isObject(fields[id])) return refuse(reasons.noField(id));
  const reason = change(fields[id], copy);
  return reason === undefined ? { ok: true, source: copy } : refuse(reason);
}

const schemaOf = (field: Json): Json => {
  if (!isObject(field.schema)) field.schema = {};
  return field.schema as Json;
};
const uiOf = (field: Json): Json => {
  if (!isObject(field.ui)) field.ui = {};
  return field.ui as Json;
};

/** Sets a text of a field; help and placeholder are removed when emptied, question and label may not be. */
export function setFieldText(source: unknown, id: string, part: TextPart, text: string): EditResult {
  const value = text.trim() === '' ? '' : text;
  return withField(source, id, (field) => {
    if (part === 'question') {
      if (!value) return reasons.emptyQuestion;
      schemaOf(field).title = value;
    } else if (part === 'label') {
      if (!value) return reasons.emptyLabel;
      field.label = value;
    } else {
      const key = part === 'help' ? 'ui:help' : 'ui:placeholder';
      const ui = uiOf(field);
      if (value) ui[key] = value;
      else delete ui[key];
      if (Object.keys(ui).length === 0) delete field.ui;
    }
    return undefined;
  });
}

const isNumberType = (schema: Json) => schema.type === 'number' || schema.type === 'integer';
const isStringType = (schema: Json) => schema.type === 'string';

/** The limits a field has with a variant's patches over them. */
function variantLimits(source: Json, id: string, base: Json): Array<{ variant: string; limits: Json }> {
  const variants = isObject(source.variants) ? source.variants : {};
  return Object.entries(variants).map(([variant, patches]) => {
    const limits: Json = { minimum: base.minimum, maximum: base.maximum };
    for (const patch of Array.isArray(patches) ? (patches as JsonPatchOperation[]) : []) {
      const target = limitPath(patch.path);
      if (target?.field !== id || (patch.op !== 'replace' && patch.op !== 'add')) continue;
      limits[target.keyword] = patch.value;
    }
    return { variant, limits };
  });
}

/** Are the limits as a whole still ones an answer can meet, the default among them? */
function limitProblem(source: Json, id: string, schema: Json): string | undefined {
  const { minimum, maximum, minLength, maxLength } = schema;
  if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) return reasons.minOverMax(minimum, maximum);
  if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength) return reasons.minLengthOverMax(minLength, maxLength);
  const fallback = schema.default;
  if (typeof fallback === 'number' && ((typeof minimum === 'number' && fallback < minimum) || (typeof maximum === 'number' && fallback > maximum))) return reasons.defaultOutside(fallback);
  for (const { variant, limits } of variantLimits(source, id, schema))
    if (typeof limits.minimum === 'number' && typeof limits.maximum === 'number' && limits.minimum > limits.maximum) return reasons.variantConflict(variant, limits.minimum, limits.maximum);
  return undefined;
}

function limitValueProblem(schema: Json, keyword: LimitKeyword, value: number): string | undefined {
  if (!Number.isFinite(value)) return reasons.notNumber;
  if (keyword === 'minimum' || keyword === 'maximum') {
    if (!isNumberType(schema)) return reasons.limitForNumbers;
    if (schema.type === 'integer' && !Number.isInteger(value)) return reasons.notInteger;
  } else {
    if (!isStringType(schema)) return reasons.lengthForTexts;
    if (!Number.isInteger(value)) return reasons.notInteger;
    if (value < 0) return reasons.negativeLength;
  }
  return undefined;
}

/** Widgets whose track runs from the minimum to the maximum (engine/react/widgets/SliderNumberWidget.tsx). */
const SLIDERS = new Set(['slider', 'amountSlider', 'tenorSlider']);

/** Sets a limit (`undefined` clears it). */
export function setLimit(source: unknown, id: string, keyword: LimitKeyword, value: number | undefined): EditResult {
  return withField(source, id, (field, copy) => {
    const schema = schemaOf(field);
    if (value === undefined) {
      if ((keyword === 'minimum' || keyword === 'maximum') && SLIDERS.has(String(isObject(field.ui) ? field.ui['ui:widget'] : ''))) return reasons.sliderNeedsLimits;
      delete schema[keyword];
      // A variant that replaced the limit now adds it: `replace` needs something to replace.
      for (const patches of Object.values(isObject(copy.variants) ? copy.variants : {}))
        for (const patch of Array.isArray(patches) ? (patches as JsonPatchOperation[]) : [])
          if (patch.op === 'replace' && limitPath(patch.path)?.field === id && limitPath(patch.path)?.keyword === keyword) (patch as { op: string }).op = 'add';
    } else {
      const problem = limitValueProblem(schema, keyword, value);
      if (problem) return problem;
      schema[keyword] = value;
    }
    return limitProblem(copy, id, schema);
  });
}

export interface Option {
  code: string | number | boolean | null;
  title: string;
}

/** A field's options (`oneOf` of const/title), or undefined when it has none of its own. */
export function optionsOf(field: unknown): Option[] | undefined {
  const schema = isObject(field) && isObject(field.schema) ? field.schema : undefined;
  if (!schema || !Array.isArray(schema.oneOf)) return undefined;
  return schema.oneOf.filter(isObject).map((option) => ({ code: option.const as Option['code'], title: typeof option.title === 'string' ? option.title : '' }));
}

/** The code an editor typed as the schema's type wants it (`19` for an integer field). */
function codeFor(schema: Json, typed: string): { code: unknown } | { reason: string } {
  const text = typed.trim();
  if (!text) return { reason: reasons.emptyCode };
  if (schema.type === 'integer' || schema.type === 'number') {
    const code = Number(text.replace(',', '.'));
    if (!Number.isFinite(code)) return { reason: reasons.notNumber };
    if (schema.type === 'integer' && !Number.isInteger(code)) return { reason: reasons.notInteger };
    return { code };
  }
  return { code: text };
}

function withOptions(source: unknown, id: string, change: (options: Json[], schema: Json) => string | undefined): EditResult {
  return withField(source, id, (field) => {
    const schema = schemaOf(field);
    if (!Array.isArray(schema.oneOf)) return reasons.noOptions;
    return change(schema.oneOf as Json[], schema);
  });
}

/**
 * Is an option's code compared with the field somewhere (`{"==": [{"var": id}, 19]}`, an `in`
 * list, a variant's own options)? Removing or recoding it would leave that rule checking
 * for a value nobody can choose, which forms:check does not see.
 */
/** The value is the code, or holds an option of it (`{const: 19}`) or a list with it. */
const mentions = (value: unknown, code: unknown): boolean =>
  value === code || (Array.isArray(value) ? value.some((item) => mentions(item, code)) : isObject(value) && (value.const === code || Object.values(value).some((item) => mentions(item, code))));

export function codeInUse(source: unknown, id: string, code: unknown): boolean {
  const names = new Set([id, `{party}${id}`]);
  const isVar = (value: unknown) => isObject(value) && typeof value.var === 'string' && names.has(value.var);
  const holds = (value: unknown) => value === code || (Array.isArray(value) && value.includes(code));
  const walk = (value: unknown, skipFields: boolean): boolean => {
    if (Array.isArray(value)) {
      if (value.length === 2 && ((isVar(value[0]) && holds(value[1])) || (isVar(value[1]) && holds(value[0])))) return true;
      return value.some((item) => walk(item, false));
    }
    if (!isObject(value)) return false;
    return Object.entries(value).some(([key, item]) => !(skipFields && key === 'fields') && walk(item, false));
  };
  if (!isObject(source)) return false;
  // The field's own options are not a use; every rule of every field is.
  const fields = isObject(source.fields) ? source.fields : {};
  const rules = Object.values(fields).map((field) => (isObject(field) ? { ...field, schema: undefined } : field));
  const variantOptions = Object.values(isObject(source.variants) ? source.variants : {}).some(
    (patches) =>
      Array.isArray(patches) &&
      patches.some((patch) => isObject(patch) && typeof patch.path === 'string' && patch.path.startsWith(`/schema/properties/${id}/`) && mentions(patch.value, code)),
  );
  return variantOptions || walk(source, true) || walk(rules, false);
}

export function addOption(source: unknown, id: string, typedCode: string, title: string): EditResult {
  return withOptions(source, id, (options, schema) => {
    const parsed = codeFor(schema, typedCode);
    if ('reason' in parsed) return parsed.reason;
    if (options.some((option) => option.const === parsed.code)) return reasons.duplicateCode(parsed.code);
    if (!title.trim()) return reasons.emptyOptionTitle;
    options.push({ const: parsed.code, title });
    return undefined;
  });
}

export function removeOption(source: unknown, id: string, index: number): EditResult {
  return withOptions(source, id, (options, schema) => {
    if (!options[index]) return reasons.noOption;
    if (options.length === 1) return reasons.lastOption;
    if (schema.default !== undefined && options[index].const === schema.default) return reasons.defaultOption(schema.default);
    if (codeInUse(source, id, options[index].const)) return reasons.codeInRules(options[index].const);
    options.splice(index, 1);
    return undefined;
  });
}

function swap<T>(list: T[], index: number, by: Direction): boolean {
  const other = index + by;
  if (index < 0 || index >= list.length || other < 0 || other >= list.length) return false;
  [list[index], list[other]] = [list[other], list[index]];
  return true;
}

export function moveOption(source: unknown, id: string, index: number, by: Direction): EditResult {
  return withOptions(source, id, (options) => (!options[index] ? reasons.noOption : swap(options, index, by) ? undefined : reasons.cannotMove));
}

export function setOptionCode(source: unknown, id: string, index: number, typedCode: string): EditResult {
  return withOptions(source, id, (options, schema) => {
    if (!options[index]) return reasons.noOption;
    const parsed = codeFor(schema, typedCode);
    if ('reason' in parsed) return parsed.reason;
    if (options.some((option, at) => at !== index && option.const === parsed.code)) return reasons.duplicateCode(parsed.code);
    if (parsed.code === options[index].const) return undefined;
    if (schema.default !== undefined && options[index].const === schema.default) return reasons.defaultOption(schema.default);
    if (codeInUse(source, id, options[index].const)) return reasons.codeInRules(options[index].const);
    options[index].const = parsed.code;
    return undefined;
  });
}

export function setOptionTitle(source: unknown, id: string, index: number, title: string): EditResult {
  return withOptions(source, id, (options) => {
    if (!options[index]) return reasons.noOption;
    if (!title.trim()) return reasons.emptyOptionTitle;
    options[index].title = title;
    return undefined;
  });
}

const KNOWN_KEYWORDS = new Set(Object.keys(FORMAT_2_SHARED_MESSAGES).filter((key) => key !== 'default'));

/**
 * The rules a field can have a message of its own for: the keyword messages that apply to
 * its schema and rules, and any it already has (`minimum`, `fiIban.checksum`, …).
 */
export function messageKeywords(field: unknown): string[] {
  if (!isObject(field)) return [];
  const schema = isObject(field.schema) ? field.schema : {};
  const own = isObject(field.messages) ? Object.keys(field.messages) : [];
  const applies = (key: string) => {
    const [root, sub] = key.split('.');
    if (root === 'required') return field.required !== undefined;
    if (root === 'type') return sub === schema.type;
    if (root === 'oneOf') return Array.isArray(schema.oneOf);
    return schema[root] !== undefined;
  };
  return [...new Set([...[...KNOWN_KEYWORDS].filter(applies), ...own])];
}

/** Sets a field's own message for a rule; an empty text removes it (the document's message applies). */
export function setMessage(source: unknown, id: string, keyword: string, text: string): EditResult {
  return withField(source, id, (field) => {
    const root = keyword.split('.')[0];
    if (!KNOWN_KEYWORDS.has(keyword) && !(isObject(field.messages) && keyword in field.messages) && !(isObject(field.schema) && root in field.schema)) return reasons.unknownKeyword(keyword);
    const messages = isObject(field.messages) ? field.messages : {};
    if (text.trim()) messages[keyword] = text;
    else delete messages[keyword];
    if (Object.keys(messages).length) field.messages = messages;
    else delete field.messages;
    return undefined;
  });
}

/**
 * Moves a field one place within its step section (past the neighbour, which may be a
 * whole included section); in a section source, within the section's fields.
 */
export function moveField(source: unknown, id: string, by: Direction): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  if (!isObject(source.fields) || !isObject(source.fields[id])) return refuse(reasons.noField(id));
  const copy = structuredClone(source);
  if (isSectionSource(copy)) {
    const entries = Object.entries(copy.fields as Json);
    if (!swap(entries, entries.findIndex(([name]) => name === id), by)) return refuse(reasons.cannotMove);
    copy.fields = Object.fromEntries(entries);
    return { ok: true, source: copy };
  }
  for (const step of Array.isArray(copy.steps) ? copy.steps : [])
    for (const section of isObject(step) && Array.isArray(step.sections) ? step.sections : []) {
      const list = isObject(section) && Array.isArray(section.fields) ? (section.fields as unknown[]) : [];
      const at = list.indexOf(id);
      if (at >= 0) return swap(list, at, by) ? { ok: true, source: copy } : refuse(reasons.cannotMove);
    }
  return refuse(reasons.fieldNotOnStep);
}

/**
 * Moves a step one place. The steps keep the numbers in order (the first step is still
 * number 1) and the progress of the place they move to, so progress still grows step by
 * step; the summary's `step` and `showAfterStep` follow their step to its new number.
 */
export function moveStep(source: unknown, index: number, by: Direction): EditResult {
  if (!isObject(source) || !Array.isArray(source.steps)) return refuse(reasons.notJson);
  const copy = structuredClone(source);
  const steps = copy.steps as Json[];
  if (!steps[index]) return refuse(reasons.noStep);
  const numbers = steps.map((step) => step.number as number);
  const progress = steps.map((step) => step.progress);
  if (!swap(steps, index, by)) return refuse(reasons.cannotMove);
  const renumbered = new Map<number, number>();
  steps.forEach((step, at) => {
    renumbered.set(step.number as number, numbers[at]);
    step.number = numbers[at];
    if (progress[at] === undefined) delete step.progress;
    else step.progress = progress[at];
  });
  for (const section of Array.isArray(copy.summary) ? copy.summary : []) {
    if (!isObject(section)) continue;
    for (const key of ['step', 'showAfterStep'])
      if (typeof section[key] === 'number' && renumbered.has(section[key])) section[key] = renumbered.get(section[key]);
  }
  return { ok: true, source: copy };
}

/** `/schema/properties/<field>/<keyword>` of a variant patch, when it is one of the limits. */
export function limitPath(path: string): { field: string; keyword: LimitKeyword } | undefined {
  const match = /^\/schema\/properties\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match || !(LIMIT_KEYWORDS as readonly string[]).includes(match[2])) return undefined;
  return { field: match[1].replace(/~1/g, '/').replace(/~0/g, '~'), keyword: match[2] as LimitKeyword };
}

export interface VariantLimit {
  variant: string;
  keyword: LimitKeyword;
  value: number;
}

/** The limits of a field (by flat id) that a document's variants set (`kattokorko`: minimum 2000). */
export function variantLimitsOf(source: unknown, id: string): VariantLimit[] {
  if (!isObject(source) || !isObject(source.variants)) return [];
  const out: VariantLimit[] = [];
  for (const [variant, patches] of Object.entries(source.variants))
    for (const patch of Array.isArray(patches) ? (patches as JsonPatchOperation[]) : []) {
      const target = limitPath(patch.path);
      if (target?.field === id && (patch.op === 'replace' || patch.op === 'add') && typeof patch.value === 'number') out.push({ variant, keyword: target.keyword, value: patch.value });
    }
  return out;
}

/**
 * Sets the limit a variant gives a field (`undefined` drops the variant's patch, so the
 * field's own limit applies). Only the document's own fields: a section's field is
 * reached by a variant too, but its limits are checked against the section there.
 */
export function setVariantLimit(source: unknown, variant: string, id: string, keyword: LimitKeyword, value: number | undefined): EditResult {
  return withField(source, id, (field, copy) => {
    const variants = isObject(copy.variants) ? copy.variants : undefined;
    const patches = variants?.[variant];
    if (!variants || !Array.isArray(patches)) return reasons.noVariant(variant);
    const schema = schemaOf(field);
    const path = `/schema/properties/${id.replace(/~/g, '~0').replace(/\//g, '~1')}/${keyword}`;
    const at = (patches as JsonPatchOperation[]).findIndex((patch) => patch.path === path && (patch.op === 'replace' || patch.op === 'add'));
    if (value === undefined) {
      if (at >= 0) patches.splice(at, 1);
    } else {
      const problem = limitValueProblem(schema, keyword, value);
      if (problem) return problem;
      // `replace` needs the field to have the limit already; `add` sets it either way.
      const patch: JsonPatchOperation = { op: schema[keyword] === undefined ? 'add' : 'replace', path, value };
      if (at >= 0) patches[at] = { ...(patches[at] as JsonPatchOperation), value } as JsonPatchOperation;
      else patches.push(patch);
    }
    const limits = { ...schema };
    for (const found of variantLimitsOf(copy, id)) if (found.variant === variant) limits[found.keyword] = found.value;
    const { minimum, maximum } = limits;
    if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) return reasons.variantConflict(variant, minimum, maximum);
    return undefined;
  });
}

/**
 * The written document as the applicant gets it, its shared sections in place: the fields a
 * rule may name, in step order. Undefined with the reason when it cannot be read so.
 */
export function resolvedFields(source: unknown, context: EditContext = {}): { fields: ConditionField[] } | { reason: string } {
  const { loadSection } = context;
  const includes = isObject(source) && isObject(source.include) ? Object.keys(source.include) : [];
  if (includes.length && !loadSection) return { reason: reasons.sectionsNotLoaded };
  try {
    const resolution = resolveWritten(structuredClone(source), (id) => {
      const section = loadSection?.(id);
      if (section === undefined) throw new Error(reasons.sectionsNotLoaded);
      return structuredClone(section);
    });
    if (resolution.findings.length) return { reason: reasons.unresolved(resolution.findings[0].message) };
    return { fields: conditionFields(resolution.document) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { reason: message === reasons.sectionsNotLoaded ? message : reasons.unresolved(message) };
  }
}

/**
 * The fields a shared section's own rule may name, as the section writes them: the first
 * live document that includes the section is read with this draft of it in place, for the
 * first party it is included for, and that party's fields become `{party}Name`
 * (asSectionFields); the document's own fields keep their flat ids. So a rule is refused
 * for a missing or later field as in a document.
 */
export function sectionRuleFields(section: unknown, context: EditContext = {}): { fields: ConditionField[] } | { reason: string } {
  const [first] = sectionFieldsByDocument(section, context);
  return first ? ('reason' in first ? { reason: first.reason } : { fields: first.fields }) : { reason: reasons.noIncluder };
}

/** sectionRuleFields for every live document that includes the section, each with the document's id. */
function sectionFieldsByDocument(section: unknown, context: EditContext): Array<({ fields: ConditionField[] } | { reason: string }) & { document: string }> {
  if (!isObject(section) || typeof section.id !== 'string' || !isObject(section.fields)) return [{ reason: reasons.notJson, document: '' }];
  const id = section.id;
  const names = Object.keys(section.fields);
  return (context.documents ?? []).flatMap((document) => {
    const party = partyIncluding(document, id);
    if (party === undefined || !isObject(document)) return [];
    const parties = isObject(document.parties) ? document.parties : {};
    const options = isObject(parties[party]) ? parties[party] : {};
    const prefix = typeof options.prefix === 'string' ? options.prefix : party;
    const loadSection: LoadSection = (wanted) => (wanted === id ? section : context.loadSection?.(wanted));
    const known = resolvedFields(document, { ...context, loadSection });
    const name = String(document.id ?? '');
    return [{ ...('reason' in known ? known : { fields: asSectionFields(known.fields, prefix, names) }), document: name }];
  });
}

/**
 * Why a section's rule about its field `name` would not do, in any live document that
 * includes the section (a field one of them leaves out is missing there); the first
 * document's reason as it is, another's with the document named.
 */
function sectionRuleProblem(section: unknown, name: string, rule: unknown, context: EditContext): string | undefined {
  const all = sectionFieldsByDocument(section, context);
  if (!all.length) return reasons.noIncluder;
  for (const [index, known] of all.entries()) {
    const problem = 'reason' in known ? known.reason : ruleProblem(rule, known.fields, `${PARTY_PLACEHOLDER}${name}`);
    if (problem) return index === 0 ? problem : reasons.inDocument(known.document, problem);
  }
  return undefined;
}

/** The condition builder's refusal of a rule, read with these fields for this field's rule. */
function ruleProblem(rule: unknown, fields: ConditionField[], field: string): string | undefined {
  const outcome = commitJson(JSON.stringify(rule), { fields, field });
  if (!outcome.ok) return 'message' in outcome ? outcome.message : outcome.refusals[0].message;
  return undefined;
}

/** The first party a written document includes the section for on its steps, if it does. */
function partyIncluding(document: unknown, section: string): string | undefined {
  if (!isObject(document) || !Array.isArray(document.steps) || !(isObject(document.include) && section in document.include)) return undefined;
  for (const step of document.steps)
    for (const entry of isObject(step) && Array.isArray(step.sections) ? step.sections : [])
      for (const ref of isObject(entry) && Array.isArray(entry.fields) ? entry.fields : [])
        if (isObject(ref) && ref.section === section && typeof ref.party === 'string') return ref.party;
  return undefined;
}

/**
 * Sets a field's `visible` or `required` rule (`undefined` removes it; `required: true` is
 * "always"). The rule may name only fields the applicant has answered by then: the
 * document is read with its sections (the live ones the studio loads) and the rule's
 * references checked as the condition builder checks them. A shared section's own field is
 * ruled as the section writes it (`{party}Email`), checked in every live document that
 * includes the section (sectionRuleProblem).
 */
export function setFieldRule(source: unknown, id: string, kind: RuleKind, rule: unknown, context: EditContext = {}): EditResult {
  const inSection = isSectionSource(source);
  return withField(source, id, (field) => {
    if (rule === undefined || rule === null || (kind === 'visible' && rule === true)) {
      delete field[kind];
      return undefined;
    }
    if (kind === 'required' && rule === true) {
      field.required = true;
      return undefined;
    }
    if (typeof rule !== 'object') return reasons.notRule;
    if (inSection) {
      const problem = sectionRuleProblem(source, id, rule, context);
      if (problem) return problem;
    } else {
      const known = resolvedFields(source, context);
      if ('reason' in known) return known.reason;
      const problem = ruleProblem(rule, known.fields, id);
      if (problem) return problem;
    }
    field[kind] = structuredClone(rule);
    return undefined;
  });
}

/** The field ids the checker accepts (form-document.schema.json: fields' propertyNames). */
export const FIELD_ID = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * Adds a field of a known kind to a step's section, after the selected field or at the
 * section's end. Its id must be new to the whole document, the sections' fields included.
 */
export function addField(source: unknown, added: NewField, context: EditContext = {}): EditResult {
  if (!isObject(source) || !Array.isArray(source.steps) || !isObject(source.fields)) return refuse(reasons.notJson);
  if (!(NEW_FIELD_KINDS as readonly string[]).includes(added.kind)) return refuse(reasons.unknownKind(added.kind));
  const id = added.id.trim();
  if (!FIELD_ID.test(id)) return refuse(reasons.badId(id));
  const label = added.label.trim();
  if (!label) return refuse(reasons.emptyNewLabel);
  const copy = structuredClone(source);
  const step = (copy.steps as unknown[])[added.stepIndex];
  if (!isObject(step)) return refuse(reasons.noStep);
  const section = Array.isArray(step.sections) ? step.sections[added.sectionIndex] : undefined;
  if (!isObject(section) || !Array.isArray(section.fields)) return refuse(reasons.noSection);
  const known = resolvedFields(source, context);
  const taken = new Set([...Object.keys(copy.fields as Json), ...Object.keys(isObject(copy.computed) ? copy.computed : {}), ...('fields' in known ? known.fields.map((field) => field.id) : [])]);
  const made = newFields(id, added.kind, label);
  for (const [name] of made) if (taken.has(name)) return refuse(reasons.takenId(name));
  for (const [name, field] of made) (copy.fields as Json)[name] = field;
  const list = section.fields as unknown[];
  const after = added.after === undefined ? -1 : list.indexOf(added.after);
  list.splice(after >= 0 ? after + 1 : list.length, 0, ...made.map(([name]) => name));
  return { ok: true, source: copy };
}

/** Does anything but the field itself and its place on a step name it (a rule, a check, the summary, a variant)? */
function fieldInUse(source: Json, id: string): boolean {
  const copy = structuredClone(source);
  delete (copy.fields as Json)[id];
  for (const step of Array.isArray(copy.steps) ? copy.steps : [])
    for (const section of isObject(step) && Array.isArray(step.sections) ? step.sections : [])
      if (isObject(section) && Array.isArray(section.fields)) section.fields = section.fields.filter((entry) => entry !== id);
  const names = (text: string) =>
    text === id || text.startsWith(`${id}.`) || text === `{party}${id}` || text.startsWith(`/schema/properties/${id}/`) || text === `/schema/properties/${id}`;
  const walk = (value: unknown): boolean =>
    typeof value === 'string' ? names(value) : Array.isArray(value) ? value.some(walk) : isObject(value) ? Object.values(value).some(walk) : false;
  return walk(copy);
}

/** Removes a field the draft added; refused while anything else names it. */
export function removeField(source: unknown, id: string, context: EditContext = {}): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  if (!isObject(source.fields) || !isObject(source.fields[id])) return refuse(reasons.noField(id));
  if (!isNewField(id, context.live)) return refuse(reasons.notNewField(id));
  if (fieldInUse(source, id)) return refuse(reasons.fieldInUse(id));
  const copy = structuredClone(source);
  delete (copy.fields as Json)[id];
  for (const step of Array.isArray(copy.steps) ? copy.steps : [])
    for (const section of isObject(step) && Array.isArray(step.sections) ? step.sections : [])
      if (isObject(section) && Array.isArray(section.fields)) section.fields = section.fields.filter((entry) => entry !== id);
  return { ok: true, source: copy };
}

/**
 * The section's own name of a field this document renames (`include.<id>.rename`,
 * HasCarboat → HasCarboatLoan): an override is a patch of the section as written, before
 * the rename, so it names the field as the section does.
 */
export function sectionNameOf(source: unknown, section: string, name: string): string {
  const include = isObject(source) && isObject(source.include) ? source.include[section] : undefined;
  const rename = isObject(include) && isObject(include.rename) ? include.rename : {};
  return Object.entries(rename).find(([, renamed]) => renamed === name)?.[0] ?? name;
}

/** The label this document gives a shared section's field (include.<section>.override), if it gives one. */
export function includeLabelOf(source: unknown, section: string, name: string): string | undefined {
  const include = isObject(source) && isObject(source.include) ? source.include[section] : undefined;
  const override = isObject(include) && isObject(include.override) ? include.override : undefined;
  const field = override && isObject(override.fields) ? override.fields[name] : undefined;
  return isObject(field) && typeof field.label === 'string' ? field.label : undefined;
}

/**
 * Gives a shared section's field another short name in this document only: the include's
 * override, a merge patch of the section (ADR 0006), which every party of it gets.
 * `undefined` (or an empty text) goes back to the section's own.
 */
export function setIncludeLabel(source: unknown, section: string, name: string, label: string | undefined, context: EditContext = {}): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  const copy = structuredClone(source);
  const include = isObject(copy.include) ? copy.include[section] : undefined;
  if (!isObject(include)) return refuse(reasons.noInclude(section));
  const written = context.loadSection?.(section);
  if (isObject(written) && !(isObject(written.fields) && isObject(written.fields[name]))) return refuse(reasons.noSectionField(section, name));
  const override = isObject(include.override) ? include.override : {};
  const fields = isObject(override.fields) ? override.fields : {};
  const field = isObject(fields[name]) ? fields[name] : {};
  if (label !== undefined && label.trim()) field.label = label;
  else delete field.label;
  if (Object.keys(field).length) fields[name] = field;
  else delete fields[name];
  if (Object.keys(fields).length) override.fields = fields;
  else delete override.fields;
  if (Object.keys(override).length) include.override = override;
  else delete include.override;
  return { ok: true, source: copy };
}

/**
 * The rule of a check or warning, refused when it names a field the document does not have
 * or one the applicant answers only later than the check's own field (as setFieldRule).
 * A check needs a rule: an empty one is refused rather than taken as "always true".
 */
function checkRuleProblem(source: unknown, field: string, rule: unknown, context: EditContext): string | undefined {
  if (rule === undefined || rule === null) return reasons.emptyCheckRule;
  if (typeof rule !== 'object') return reasons.notRule;
  // A section's check names its field and rule's fields as the section writes them.
  if (isSectionSource(source)) return sectionRuleProblem(source, field, rule, context);
  const known = resolvedFields(source, context);
  if ('reason' in known) return known.reason;
  return ruleProblem(rule, known.fields, field);
}

/**
 * The checks or warnings of a source as a list, each with the index the edits name it by: a
 * document keeps them in an array, a shared section by name (`checks.EmailRepeat`) in the
 * order they run, so its index is the name's place among them.
 */
export function checkItems(source: unknown, list: CheckList): Array<{ item: Json; index: number; name?: string }> {
  const items = isObject(source) ? source[list] : undefined;
  if (Array.isArray(items)) return items.flatMap((item, index) => (isObject(item) ? [{ item, index }] : []));
  if (isObject(items)) return Object.entries(items).flatMap(([name, item], index) => (isObject(item) ? [{ item, index, name }] : []));
  return [];
}

/** A copy of the document and its own check or warning at `index` (a section's reference in the list is not one). */
function withCheck(source: unknown, list: CheckList, index: number, change: (check: Json, copy: Json) => string | undefined): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  const copy = structuredClone(source);
  const items = copy[list];
  const check = Array.isArray(items) ? items[index] : isSectionSource(source) && isObject(items) ? Object.values(items)[index] : undefined;
  if (!isObject(check)) return refuse(reasons.noCheck);
  if (typeof check.section === 'string') return refuse(reasons.sectionCheck);
  const reason = change(check, copy);
  return reason === undefined ? { ok: true, source: copy } : refuse(reason);
}

export function setCheckRule(source: unknown, list: CheckList, index: number, rule: unknown, context: EditContext = {}): EditResult {
  return withCheck(source, list, index, (check) => {
    const problem = checkRuleProblem(source, String(check.field ?? ''), rule, context);
    if (problem) return problem;
    check.rule = structuredClone(rule);
    return undefined;
  });
}

export function setCheckMessage(source: unknown, list: CheckList, index: number, text: string): EditResult {
  return withCheck(source, list, index, (check) => {
    if (!text.trim()) return reasons.emptyCheckMessage;
    check.message = text;
    return undefined;
  });
}

/** An id no other check or warning of the document has (`incomeCheck2`): forms:check names findings by it. */
function newCheckId(source: Json, list: CheckList, field: string): string {
  const taken = new Set(
    (['checks', 'warnings'] as const).flatMap((name) => (Array.isArray(source[name]) ? (source[name] as unknown[]) : []).map((item) => (isObject(item) ? item.id : undefined))),
  );
  const base = `${field.replace(/[^A-Za-z0-9]/g, '')}${list === 'checks' ? 'Check' : 'Warning'}`;
  let n = 1;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** A name no other check or warning of the section has (`EmailCheck1`): the flat id is the party's prefix + it. */
function newSectionCheckName(source: Json, list: CheckList, field: string): string {
  const taken = new Set((['checks', 'warnings'] as const).flatMap((name) => (isObject(source[name]) ? Object.keys(source[name] as Json) : [])));
  const base = `${field.replace(/[^A-Za-z0-9]/g, '')}${list === 'checks' ? 'Check' : 'Warning'}`;
  let n = 1;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** Adds a check or warning about one of a section's own fields, after its others. */
function addSectionCheck(source: Json, list: CheckList, field: string, rule: unknown, message: string, context: EditContext): EditResult {
  if (!message.trim()) return refuse(reasons.emptyCheckMessage);
  if (!isObject(source.fields) || !isObject(source.fields[field])) return refuse(reasons.noField(field));
  const problem = checkRuleProblem(source, field, rule, context);
  if (problem) return refuse(problem);
  const copy = structuredClone(source);
  const items = isObject(copy[list]) ? (copy[list] as Json) : {};
  items[newSectionCheckName(copy, list, field)] = { field, rule: structuredClone(rule), message };
  copy[list] = items;
  return { ok: true, source: copy };
}

/** Adds a check or warning about a field at the list's end; the field must be one the resolved document has. */
export function addCheck(source: unknown, list: CheckList, field: string, rule: unknown, message: string, context: EditContext = {}): EditResult {
  if (!isObject(source)) return refuse(reasons.notJson);
  if (isSectionSource(source)) return addSectionCheck(source, list, field, rule, message, context);
  if (!message.trim()) return refuse(reasons.emptyCheckMessage);
  const known = resolvedFields(source, context);
  if ('reason' in known) return refuse(known.reason);
  if (!known.fields.some((item) => item.id === field)) return refuse(reasons.noField(field));
  const problem = checkRuleProblem(source, field, rule, context);
  if (problem) return refuse(problem);
  const copy = structuredClone(source);
  const items = Array.isArray(copy[list]) ? (copy[list] as unknown[]) : [];
  items.push({ id: newCheckId(copy, list, field), field, rule: structuredClone(rule), message });
  copy[list] = items;
  return { ok: true, source: copy };
}

export function removeCheck(source: unknown, list: CheckList, index: number): EditResult {
  const result = withCheck(source, list, index, () => undefined);
  if (!result.ok) return result;
  const items = result.source[list];
  if (Array.isArray(items)) items.splice(index, 1);
  else delete (items as Json)[Object.keys(items as Json)[index]];
  if (Array.isArray(items) ? items.length === 0 : Object.keys(items as Json).length === 0) delete result.source[list];
  return result;
}

/** One edit as data (what the studio's inspector dispatches and its history records). */
export function applyEdit(source: unknown, edit: Edit, context: EditContext = {}): EditResult {
  switch (edit.type) {
    case 'rule':
      return setFieldRule(source, edit.field, edit.kind, edit.rule, context);
    case 'field-add':
      return addField(source, edit, context);
    case 'check-rule':
      return setCheckRule(source, edit.list, edit.index, edit.rule, context);
    case 'check-message':
      return setCheckMessage(source, edit.list, edit.index, edit.text);
    case 'check-add':
      return addCheck(source, edit.list, edit.field, edit.rule, edit.message, context);
    case 'check-remove':
      return removeCheck(source, edit.list, edit.index);
    case 'field-remove':
      return removeField(source, edit.field, context);
    case 'include-label':
      return setIncludeLabel(source, edit.section, edit.name, edit.label, context);
    case 'text':
      return setFieldText(source, edit.field, edit.part, edit.text);
    case 'limit':
      return setLimit(source, edit.field, edit.keyword, edit.value);
    case 'option-add':
      return addOption(source, edit.field, edit.code, edit.title);
    case 'option-remove':
      return removeOption(source, edit.field, edit.index);
    case 'option-move':
      return moveOption(source, edit.field, edit.index, edit.by);
    case 'option-code':
      return setOptionCode(source, edit.field, edit.index, edit.code);
    case 'option-title':
      return setOptionTitle(source, edit.field, edit.index, edit.title);
    case 'message':
      return setMessage(source, edit.field, edit.keyword, edit.text);
    case 'field-move':
      return moveField(source, edit.field, edit.by);
    case 'step-move':
      return moveStep(source, edit.index, edit.by);
    case 'variant-limit':
      return setVariantLimit(source, edit.variant, edit.field, edit.keyword, edit.value);
    default:
      return refuse(reasons.unknownEdit);
  }
}
