// A readable diff of two versions of a form document, for the editor who approves a
// change and for QA: one Finnish sentence per change, named by the field, step, rule,
// message or constant it touches (`Lainasumma: enimmäismäärä 70 000 → 80 000`), never a
// JSON diff. It compares resolved, flat documents, so it does not care whether a part
// came from a shared section. A variant is described by its effect: each variant is
// applied to both versions and the patched documents are compared, which also catches a
// base change that leaves a variant's patch pointing nowhere.
import { resolveVariants, variantNames } from './document.ts';
import { topLevelField } from './fields.ts';
import { UI_NAMES, describeChange, formatNumber, formatValue, quote } from './form-diff-format.ts';
import { diffFieldSchema, fieldOwnName, fieldSchema, isObject, propertiesOf, type Json } from './form-diff-schema.ts';
import { mergeOrder, sameJson } from './json-compare.ts';
import type { FormDocument, Step, StepSection, SummarySection } from './types.ts';

export { mergeOrder } from './json-compare.ts';

export type FormChangeKind =
  | 'title'
  | 'document'
  | 'step-added'
  | 'step-removed'
  | 'step-title'
  | 'step-order'
  | 'step-button'
  | 'step-progress'
  | 'step-when'
  | 'step-section'
  | 'step'
  | 'field-added'
  | 'field-removed'
  | 'field-moved'
  | 'field-section'
  | 'field-order'
  | 'label'
  | 'field-title'
  | 'description'
  | 'type'
  | 'limit'
  | 'option-added'
  | 'option-removed'
  | 'option-label'
  | 'option-order'
  | 'const'
  | 'default'
  | 'read-only'
  | 'validator'
  | 'comment'
  | 'schema'
  | 'required'
  | 'visible'
  | 'check-added'
  | 'check-removed'
  | 'check-field'
  | 'check-rule'
  | 'check-message'
  | 'warning-added'
  | 'warning-removed'
  | 'warning-field'
  | 'warning-rule'
  | 'warning-message'
  | 'derived'
  | 'computed'
  | 'normalize'
  | 'ui'
  | 'message'
  | 'sensitive'
  | 'summary-added'
  | 'summary-removed'
  | 'summary'
  | 'text'
  | 'constant'
  | 'variant-added'
  | 'variant-removed'
  | 'variant-invalid'
  | 'variant-order';

export interface FormChange {
  /** A stable code for tests and QA; the text is for people. */
  kind: FormChangeKind;
  /** One Finnish sentence: `<what>: <how it changed>`. */
  text: string;
  /** The field id (`list.*.prop` for a list row's property) the change is about. */
  field?: string;
  /** The id of the step the change is about or the field is on. */
  step?: string;
  /** Set when the change is only in what this variant makes of the document. */
  variant?: string;
}

/** Before it becomes a sentence: a variant's name goes between the subject and the detail. */
interface Draft {
  kind: FormChangeKind;
  subject: string;
  detail: string;
  field?: string;
  step?: string;
}

/**
 * The changes from `before` to `after`, in form order: the document's title, then step by
 * step (the step's own changes, then its fields' in field order), fields on no step,
 * summary, messages, texts, constants, and last what changed in each variant. `version`
 * and `$schema` are not compared: the version is what the two documents are.
 */
export function diffFormDocuments(before: FormDocument, after: FormDocument): FormChange[] {
  const baseBefore = resolveVariants(before, []);
  const baseAfter = resolveVariants(after, []);
  const base = diffFlat(baseBefore, baseAfter);
  return [...base.map((draft) => toChange(draft)), ...diffVariants(before, after, baseAfter, base)];
}

/** The changes as plain text lines, one per change; `Ei muutoksia.` when there are none. */
export function formatFormDiff(changes: readonly FormChange[]): string[] {
  return changes.length ? changes.map((change) => change.text) : ['Ei muutoksia.'];
}

function toChange(draft: Draft, variant?: string): FormChange {
  const subject = variant === undefined ? draft.subject : `${draft.subject} (muunnelma ${variant})`;
  const change: FormChange = { kind: draft.kind, text: `${subject}: ${draft.detail}` };
  if (draft.field !== undefined) change.field = draft.field;
  if (draft.step !== undefined) change.step = draft.step;
  if (variant !== undefined) change.variant = variant;
  return change;
}

const draftKey = (draft: Draft) => `${draft.kind}\0${draft.field ?? ''}\0${draft.step ?? ''}\0${draft.subject}\0${draft.detail}`;

function diffVariants(before: FormDocument, after: FormDocument, baseAfter: FormDocument, base: readonly Draft[]): FormChange[] {
  const namesBefore = variantNames(before);
  const namesAfter = variantNames(after);
  const changes: FormChange[] = [];
  const kept = (names: string[], other: string[]) => names.filter((name) => other.includes(name));
  if (!sameJson(kept(namesBefore, namesAfter), kept(namesAfter, namesBefore)))
    changes.push({ kind: 'variant-order', text: `Muunnelmien soveltamisjärjestys: ${kept(namesBefore, namesAfter).join(', ')} → ${kept(namesAfter, namesBefore).join(', ')}` });
  // A base change shows in every variant's comparison too; it is said once, in the base.
  const said = new Set(base.map(draftKey));
  for (const name of mergeOrder(namesBefore, namesAfter)) {
    if (!namesAfter.includes(name)) {
      changes.push({ kind: 'variant-removed', text: `Muunnelma ${name}: poistettu`, variant: name });
      continue;
    }
    const patchedAfter = tryVariant(after, name);
    const patchedBefore = namesBefore.includes(name) ? tryVariant(before, name) : undefined;
    if (typeof patchedAfter === 'string') {
      // Broken the same way before is no change (forms:check is where that is reported).
      if (patchedAfter !== patchedBefore) changes.push({ kind: 'variant-invalid', text: `Muunnelma ${name}: ei sovellu lomakkeeseen (${patchedAfter})`, variant: name });
      continue;
    }
    if (typeof patchedBefore === 'object') {
      for (const draft of diffFlat(patchedBefore, patchedAfter)) if (!said.has(draftKey(draft))) changes.push(toChange(draft, name));
    } else {
      // New (or unusable before): what the variant does to the new version.
      if (patchedBefore === undefined) changes.push({ kind: 'variant-added', text: `Muunnelma ${name}: uusi muunnelma`, variant: name });
      for (const draft of diffFlat(baseAfter, patchedAfter)) changes.push(toChange(draft, name));
    }
  }
  return changes;
}

/** The document with one variant applied, or why the patch does not apply (in Finnish). */
function tryVariant(doc: FormDocument, name: string): FormDocument | string {
  try {
    return resolveVariants(doc, [name]);
  } catch (error) {
    const operation = (error as { operation?: { op?: unknown; path?: unknown } }).operation;
    if (operation && typeof operation.path === 'string') return `muutos ${String(operation.op)} kohteeseen ${operation.path} ei onnistu`;
    return (error as Error).message.split('\n')[0];
  }
}

// A draft in the studio may be incomplete; the diff still reads it rather than throw.
const orderedSteps = (doc: FormDocument): Step[] => [...(doc.steps ?? [])].sort((a, b) => a.number - b.number);
const sectionName = (section: StepSection, index: number) => (section.title ? quote(section.title) : `${index + 1}`);

/**
 * The sections of one step in two versions, matched by title, then the rest by position,
 * so a retitled section is the same section (its fields did not move). Matched sections
 * share a key.
 */
function matchSections(before: readonly StepSection[], after: readonly StepSection[]): { keysA: string[]; keysB: string[] } {
  const titlesA = new Set(before.map((section) => section.title).filter(Boolean));
  const titlesB = new Set(after.map((section) => section.title).filter(Boolean));
  const keysA = before.map((section, index) => (section.title && titlesB.has(section.title) ? `t:${section.title}` : `a:${index}`));
  const keysB = after.map((section, index) => (section.title && titlesA.has(section.title) ? `t:${section.title}` : `b:${index}`));
  keysB.forEach((key, index) => {
    if (key === `b:${index}` && keysA[index] === `a:${index}`) keysA[index] = keysB[index] = `i:${index}`;
  });
  return { keysA, keysB };
}

interface Layout {
  steps: Step[];
  stepOf: Map<string, Step>;
  /** The index of the field's section in its step. */
  sectionOf: Map<string, number>;
  fieldsOf: Map<string, string[]>;
}

function layoutOf(doc: FormDocument): Layout {
  const layout: Layout = { steps: orderedSteps(doc), stepOf: new Map(), sectionOf: new Map(), fieldsOf: new Map() };
  for (const step of layout.steps) {
    const fields: string[] = [];
    (step.sections ?? []).forEach((section, index) => {
      for (const field of section.fields ?? []) {
        if (layout.stepOf.has(field)) continue;
        layout.stepOf.set(field, step);
        layout.sectionOf.set(field, index);
        fields.push(field);
      }
    });
    layout.fieldsOf.set(step.id, fields);
  }
  return layout;
}

const ruleChange = (before: unknown, after: unknown, added: string, removed: string, changed: string) => (before === undefined ? added : after === undefined ? removed : changed);

function flattenConstants(value: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (Array.isArray(value) && value.length) value.forEach((item, index) => flattenConstants(item, `${path}[${index}]`, out));
  else if (isObject(value) && Object.keys(value).length) for (const [key, inner] of Object.entries(value)) flattenConstants(inner, path ? `${path}.${key}` : key, out);
  else if (path) out.set(path, value);
  return out;
}

const STEP_KEYS = new Set(['id', 'number', 'title', 'button', 'progress', 'when', 'sections']);
const SUMMARY_KEYS = new Set(['id', 'title', 'step', 'showAfterStep', 'when', 'fields']);
const DOCUMENT_KEYS = new Set(['$schema', 'id', 'version', 'title', 'constants', 'texts', 'schema', 'steps', 'summary', 'rules', 'normalize', 'ui', 'labels', 'messages', 'fieldMessages', 'sensitive', 'variants']);
const RULE_KEYS = new Set(['visible', 'required', 'checks', 'warnings', 'derived', 'computed']);

/** The changes between two documents without variants. */
function diffFlat(a: FormDocument, b: FormDocument): Draft[] {
  const layoutA = layoutOf(a);
  const layoutB = layoutOf(b);
  const fieldsA = Object.keys(propertiesOf(a));
  const fieldsB = Object.keys(propertiesOf(b));
  const inA = new Set(fieldsA);
  const inB = new Set(fieldsB);
  const both = (field: string) => inA.has(field) && inB.has(field);
  /** A field added or removed is one change: its label, rules and options are part of it. */
  const whole = new Set([...fieldsA, ...fieldsB].filter((field) => !both(field)));

  /** Where a field's changes are listed: its step now, else the step it was on (a field taken off every step stays beside its old step). */
  const homeStep = (field: string): Step | undefined => (inB.has(field) ? layoutB.stepOf.get(field) : undefined) ?? layoutA.stepOf.get(field);
  const fieldName = (path: string): string => {
    const own = fieldOwnName(b, path) ?? fieldOwnName(a, path);
    if (own) return own;
    const dot = path.lastIndexOf('.');
    if (dot < 0) return path;
    const last = path.slice(dot + 1);
    return `${fieldName(path.slice(0, dot))} / ${last === '*' ? 'rivi' : last}`;
  };
  const stepName = (step: Step) => `Vaihe ${quote(step.title)}`;

  const head: Draft[] = [];
  const stepBuckets = new Map<string, Draft[]>();
  const fieldBuckets = new Map<string, Draft[]>();
  const tail: Draft[] = [];
  const push = (bucket: Map<string, Draft[]>, key: string, draft: Draft) => {
    const list = bucket.get(key) ?? [];
    list.push(draft);
    bucket.set(key, list);
  };
  const onStep = (step: Step, kind: FormChangeKind, detail: string, subject = stepName(step)) => push(stepBuckets, step.id, { kind, subject, detail, step: step.id });
  // A rename is told by the name the reader knew; everything else by the field's name now.
  const onField = (path: string, kind: FormChangeKind, detail: string, subject = kind === 'label' || kind === 'field-title' ? (fieldOwnName(a, path) ?? fieldName(path)) : fieldName(path)) => {
    const top = topLevelField(path);
    const partOfWhole = whole.has(top) && !(kind === 'field-added' || kind === 'field-removed' || kind.startsWith('check-') || kind.startsWith('warning-'));
    if (partOfWhole) return;
    const draft: Draft = { kind, subject, detail, field: path };
    const step = homeStep(top);
    if (step) draft.step = step.id;
    push(fieldBuckets, top, draft);
  };

  // The document itself.
  if (a.title !== b.title) head.push({ kind: 'title', subject: 'Lomakkeen otsikko', detail: describeChange('', a.title, b.title) });
  if (a.id !== b.id) head.push({ kind: 'document', subject: 'Lomakkeen tunnus', detail: describeChange('', a.id, b.id) });
  const docA = a as unknown as Json;
  const docB = b as unknown as Json;
  for (const key of mergeOrder(Object.keys(docA), Object.keys(docB)))
    if (!DOCUMENT_KEYS.has(key) && !sameJson(docA[key], docB[key])) head.push({ kind: 'document', subject: `Lomakkeen osa ${key}`, detail: describeChange('', docA[key], docB[key]) });
  const schemaA = (a.schema ?? {}) as Json;
  const schemaB = (b.schema ?? {}) as Json;
  for (const key of mergeOrder(Object.keys(schemaA), Object.keys(schemaB)))
    if (key !== 'properties' && key !== '$defs' && !sameJson(schemaA[key], schemaB[key])) head.push({ kind: 'schema', subject: 'Lomakkeen skeema', detail: describeChange(key, schemaA[key], schemaB[key]) });

  // Steps.
  const stepsA = new Map(layoutA.steps.map((step) => [step.id, step]));
  const stepsB = new Map(layoutB.steps.map((step) => [step.id, step]));
  const stepIds = mergeOrder(
    layoutA.steps.map((step) => step.id),
    layoutB.steps.map((step) => step.id),
  );
  const keptSteps = (layout: Layout, other: Map<string, Step>) => layout.steps.filter((step) => other.has(step.id));
  if (!sameJson(keptSteps(layoutA, stepsB).map((step) => step.id), keptSteps(layoutB, stepsA).map((step) => step.id)))
    head.push({
      kind: 'step-order',
      subject: 'Vaiheiden järjestys',
      detail: `${keptSteps(layoutA, stepsB).map((step) => step.title).join(', ')} → ${keptSteps(layoutB, stepsA).map((step) => step.title).join(', ')}`,
    });
  const sectionKeys = new Map<string, { keysA: string[]; keysB: string[] }>();
  for (const id of stepIds) {
    const stepA = stepsA.get(id);
    const stepB = stepsB.get(id);
    if (!stepA) {
      onStep(stepB!, 'step-added', `uusi vaihe (${stepB!.number}.)`);
      continue;
    }
    if (!stepB) {
      onStep(stepA, 'step-removed', 'vaihe poistettu');
      continue;
    }
    if (stepA.title !== stepB.title) onStep(stepB, 'step-title', describeChange('otsikko', stepA.title, stepB.title), stepName(stepA));
    if (!sameJson(stepA.button, stepB.button))
      onStep(stepB, 'step-button', typeof stepA.button === 'string' && typeof stepB.button === 'string' ? describeChange('painike', stepA.button, stepB.button) : 'painikkeen teksti muuttui');
    if (stepA.progress !== stepB.progress) onStep(stepB, 'step-progress', describeChange('edistyminen', stepA.progress, stepB.progress, formatProgress));
    if (!sameJson(stepA.when, stepB.when)) onStep(stepB, 'step-when', ruleChange(stepA.when, stepB.when, 'vaihe on nyt mukana vain ehdolla', 'vaihe on nyt aina mukana', 'vaiheen ehto muuttui'));
    const sectionsA = stepA.sections ?? [];
    const sectionsB = stepB.sections ?? [];
    const { keysA, keysB } = matchSections(sectionsA, sectionsB);
    sectionKeys.set(id, { keysA, keysB });
    for (const key of mergeOrder(keysA, keysB)) {
      const ia = keysA.indexOf(key);
      const ib = keysB.indexOf(key);
      if (ia < 0) onStep(stepB, 'step-section', `uusi osio ${sectionName(sectionsB[ib], ib)}`);
      else if (ib < 0) onStep(stepB, 'step-section', `osio ${sectionName(sectionsA[ia], ia)} poistettu`);
      else {
        const [x, y] = [sectionsA[ia], sectionsB[ib]];
        if (x.title !== y.title) onStep(stepB, 'step-section', describeChange(`osion ${ib + 1} otsikko`, x.title, y.title));
        if (x.description !== y.description) onStep(stepB, 'step-section', describeChange(`osion ${sectionName(y, ib)} kuvaus`, x.description, y.description));
      }
    }
    const stayed = (layout: Layout) => (layout.fieldsOf.get(id) ?? []).filter((field) => layoutA.stepOf.get(field)?.id === id && layoutB.stepOf.get(field)?.id === id);
    if (!sameJson(stayed(layoutA), stayed(layoutB))) onStep(stepB, 'field-order', 'kenttien järjestys muuttui');
    const stepJsonA = stepA as unknown as Json;
    const stepJsonB = stepB as unknown as Json;
    for (const key of mergeOrder(Object.keys(stepJsonA), Object.keys(stepJsonB)))
      if (!STEP_KEYS.has(key) && !sameJson(stepJsonA[key], stepJsonB[key])) onStep(stepB, 'step', describeChange(key, stepJsonA[key], stepJsonB[key]));
  }

  // Fields: where they are.
  const allFields = mergeOrder(fieldsA, fieldsB);
  for (const field of allFields) {
    const stepA = layoutA.stepOf.get(field);
    const stepB = layoutB.stepOf.get(field);
    if (!inA.has(field)) onField(field, 'field-added', newFieldDetail(b, field, stepB));
    else if (!inB.has(field)) onField(field, 'field-removed', stepA ? `kenttä poistettu vaiheesta ${quote(stepA.title)}` : 'kenttä poistettu');
    else if (stepA?.id !== stepB?.id) {
      const detail = !stepA ? `lisättiin vaiheeseen ${quote(stepB!.title)}` : !stepB ? `poistettiin vaiheesta ${quote(stepA.title)} (ei enää näkyvissä lomakkeella)` : `siirtyi vaiheesta ${quote(stepA.title)} vaiheeseen ${quote(stepB.title)}`;
      onField(field, 'field-moved', detail);
    } else if (stepB) {
      const { keysA, keysB } = sectionKeys.get(stepB.id)!;
      const index = layoutB.sectionOf.get(field)!;
      if (keysA[layoutA.sectionOf.get(field)!] !== keysB[index]) onField(field, 'field-section', `siirtyi osioon ${sectionName(stepB.sections[index], index)}`);
    }
  }

  // Fields: names.
  for (const key of mergeOrder(Object.keys(a.labels ?? {}), Object.keys(b.labels ?? {}))) {
    const before = a.labels?.[key];
    const after = b.labels?.[key];
    if (before !== after) onField(key, 'label', describeChange('nimi', before, after));
  }

  // Fields: their schema.
  for (const field of allFields) if (both(field)) diffFieldSchema(field, fieldSchema(a, field) ?? {}, fieldSchema(b, field) ?? {}, onField);

  // Rules.
  const rulesA = (a.rules ?? {}) as Json;
  const rulesB = (b.rules ?? {}) as Json;
  const rulesOf = (rules: Json, key: string) => (isObject(rules[key]) ? (rules[key] as Json) : {});
  const eachRule = (key: string, visit: (name: string, before: unknown, after: unknown) => void) => {
    const x = rulesOf(rulesA, key);
    const y = rulesOf(rulesB, key);
    for (const name of mergeOrder(Object.keys(x), Object.keys(y))) if (!sameJson(x[name], y[name])) visit(name, x[name], y[name]);
  };
  eachRule('required', (field, before, after) => {
    const detail =
      after === true ? 'nyt aina pakollinen'
      : after === undefined ? 'ei enää pakollinen'
      : before === undefined ? 'nyt pakollinen ehdolla'
      : before === true ? 'nyt pakollinen vain ehdolla'
      : 'pakollisuuden ehto muuttui';
    onField(field, 'required', detail);
  });
  eachRule('visible', (field, before, after) => onField(field, 'visible', ruleChange(before, after, 'näkyy nyt vain ehdolla', 'näkyvyyden ehto poistettu: näkyy aina', 'näkyvyyden ehto muuttui')));
  diffChecks(a.rules?.checks ?? [], b.rules?.checks ?? [], 'check', 'tarkistus', 'tarkistuksen', onField, fieldName);
  diffChecks(a.rules?.warnings ?? [], b.rules?.warnings ?? [], 'warning', 'huomautus', 'huomautuksen', onField, fieldName);
  eachRule('derived', (field, before, after) => onField(field, 'derived', ruleChange(before, after, 'laskentakaava lisätty', 'laskentakaava poistettu', 'laskentakaava muuttui')));
  const derivedOrder = (rules: Json, other: Json) => Object.keys(rulesOf(rules, 'derived')).filter((key) => key in rulesOf(other, 'derived'));
  if (!sameJson(derivedOrder(rulesA, rulesB), derivedOrder(rulesB, rulesA))) tail.push({ kind: 'derived', subject: 'Lasketut arvot', detail: 'laskentajärjestys muuttui' });
  eachRule('computed', (field, before, after) => onField(field, 'computed', ruleChange(before, after, 'näytettävän arvon kaava lisätty', 'näytettävän arvon kaava poistettu', 'näytettävän arvon kaava muuttui')));
  for (const key of mergeOrder(Object.keys(rulesA), Object.keys(rulesB)))
    if (!RULE_KEYS.has(key) && !sameJson(rulesA[key], rulesB[key])) tail.push({ kind: 'document', subject: `Säännöt ${key}`, detail: describeChange('', rulesA[key], rulesB[key]) });

  // Fields: normalisers, widgets, their own messages, sensitivity.
  const normalizeA = a.normalize ?? {};
  const normalizeB = b.normalize ?? {};
  for (const field of mergeOrder(Object.keys(normalizeA), Object.keys(normalizeB)))
    if (!sameJson(normalizeA[field], normalizeB[field])) onField(field, 'normalize', describeChange('esikäsittely', normalizeA[field], normalizeB[field], formatNormalizers));
  const uiA = a.ui ?? {};
  const uiB = b.ui ?? {};
  for (const field of mergeOrder(Object.keys(uiA), Object.keys(uiB))) {
    const x = isObject(uiA[field]) ? uiA[field] : {};
    const y = isObject(uiB[field]) ? uiB[field] : {};
    for (const key of mergeOrder(Object.keys(x), Object.keys(y))) {
      if (sameJson(x[key], y[key])) continue;
      if (key === 'ui:options' && isObject(x[key]) && isObject(y[key])) {
        const ox = x[key] as Json;
        const oy = y[key] as Json;
        for (const option of mergeOrder(Object.keys(ox), Object.keys(oy))) if (!sameJson(ox[option], oy[option])) onField(field, 'ui', describeChange(`asetus ${option}`, ox[option], oy[option]));
      } else onField(field, 'ui', describeChange(UI_NAMES[key] ?? key, x[key], y[key]));
    }
  }
  const fieldMessagesA = a.fieldMessages ?? {};
  const fieldMessagesB = b.fieldMessages ?? {};
  for (const field of mergeOrder(Object.keys(fieldMessagesA), Object.keys(fieldMessagesB))) {
    const x = fieldMessagesA[field] ?? {};
    const y = fieldMessagesB[field] ?? {};
    for (const keyword of mergeOrder(Object.keys(x), Object.keys(y))) if (x[keyword] !== y[keyword]) onField(field, 'message', describeChange(`virheilmoitus (${keyword})`, x[keyword], y[keyword]));
  }
  const sensitiveA = a.sensitive ?? {};
  const sensitiveB = b.sensitive ?? {};
  for (const field of mergeOrder(Object.keys(sensitiveA), Object.keys(sensitiveB)))
    if (Boolean(sensitiveA[field]) !== Boolean(sensitiveB[field])) onField(field, 'sensitive', sensitiveB[field] ? 'merkitty henkilötiedoksi (ei kirjoiteta lokiin)' : 'ei enää merkitty henkilötiedoksi');

  // Summary, messages, texts, constants.
  const after: Draft[] = [...diffSummary(a.summary ?? [], b.summary ?? [], fieldName)];
  const messagesA = a.messages ?? {};
  const messagesB = b.messages ?? {};
  for (const key of mergeOrder(Object.keys(messagesA), Object.keys(messagesB)))
    if (messagesA[key] !== messagesB[key]) after.push({ kind: 'message', subject: `Virheilmoitus (${key})`, detail: describeChange('', messagesA[key], messagesB[key]) });
  const textsA = a.texts ?? {};
  const textsB = b.texts ?? {};
  for (const key of mergeOrder(Object.keys(textsA), Object.keys(textsB)))
    if (!sameJson(textsA[key], textsB[key])) after.push({ kind: 'text', subject: `Teksti ${key}`, detail: describeChange('', textsA[key], textsB[key]) });
  const constantsA = flattenConstants(a.constants ?? {}, '', new Map());
  const constantsB = flattenConstants(b.constants ?? {}, '', new Map());
  for (const path of mergeOrder([...constantsA.keys()], [...constantsB.keys()]))
    if (!sameJson(constantsA.get(path), constantsB.get(path))) after.push({ kind: 'constant', subject: `Vakio ${path}`, detail: describeChange('', constantsA.get(path), constantsB.get(path)) });

  // In form order: step by step, each step's own changes before its fields'.
  const result: Draft[] = [...head];
  const emitted = new Set<string>();
  const emitField = (field: string) => {
    if (emitted.has(field)) return;
    emitted.add(field);
    result.push(...(fieldBuckets.get(field) ?? []));
  };
  for (const id of stepIds) {
    result.push(...(stepBuckets.get(id) ?? []));
    for (const field of mergeOrder(layoutA.fieldsOf.get(id) ?? [], layoutB.fieldsOf.get(id) ?? [])) if (homeStep(field)?.id === id) emitField(field);
  }
  for (const field of allFields) emitField(field);
  for (const field of fieldBuckets.keys()) emitField(field);
  return [...result, ...tail, ...after];
}

function formatProgress(value: unknown): string {
  if (value === 'answered') return 'vastattujen pakollisten kenttien osuus';
  return typeof value === 'number' ? `${formatNumber(value)}\u00a0%` : formatValue(value);
}

function formatNormalizers(value: unknown): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function newFieldDetail(doc: FormDocument, field: string, step: Step | undefined): string {
  const notes: string[] = [];
  const required = doc.rules?.required?.[field];
  if (required === true) notes.push('pakollinen');
  else if (required !== undefined) notes.push('pakollinen ehdolla');
  if (doc.rules?.visible?.[field] !== undefined) notes.push('näkyy ehdolla');
  if (doc.rules?.derived?.[field] !== undefined) notes.push('laskettu');
  const where = step ? `uusi kenttä vaiheessa ${quote(step.title)}` : 'uusi kenttä (ei missään vaiheessa)';
  return notes.length ? `${where} (${notes.join(', ')})` : where;
}

interface RuleItem {
  id: string;
  field: string;
  rule: unknown;
  message?: string;
  whenEmpty?: boolean;
}

/** Checks and warnings, matched by id: added, removed, moved to another field, rule or message changed. */
function diffChecks(
  before: readonly RuleItem[],
  after: readonly RuleItem[],
  kind: 'check' | 'warning',
  noun: string,
  genitive: string,
  onField: (path: string, kind: FormChangeKind, detail: string) => void,
  fieldName: (path: string) => string,
) {
  const byIdA = new Map(before.map((item) => [item.id, item]));
  const byIdB = new Map(after.map((item) => [item.id, item]));
  const message = (item: RuleItem) => (item.message === undefined ? '' : ` (${quote(item.message)})`);
  for (const id of mergeOrder([...byIdA.keys()], [...byIdB.keys()])) {
    const x = byIdA.get(id);
    const y = byIdB.get(id);
    if (!x) {
      onField(y!.field, `${kind}-added`, `uusi ${noun} ${id}${message(y!)}`);
      continue;
    }
    if (!y) {
      onField(x.field, `${kind}-removed`, `${noun} ${id} poistettu${message(x)}`);
      continue;
    }
    if (x.field !== y.field) onField(y.field, `${kind}-field`, `${noun} ${id} siirtyi tänne kentältä ${quote(fieldName(x.field))}`);
    if (!sameJson(x.rule, y.rule)) onField(y.field, `${kind}-rule`, `${genitive} ${id} ehto muuttui`);
    if (Boolean(x.whenEmpty) !== Boolean(y.whenEmpty)) onField(y.field, `${kind}-rule`, y.whenEmpty ? `${noun} ${id} tehdään nyt myös tyhjälle kentälle` : `${noun} ${id} ei enää koske tyhjää kenttää`);
    if (x.message !== y.message) onField(y.field, `${kind}-message`, describeChange(`${genitive} ${id} viesti`, x.message, y.message));
    const known = new Set(['id', 'field', 'rule', 'message', 'whenEmpty']);
    const jx = x as unknown as Json;
    const jy = y as unknown as Json;
    for (const key of mergeOrder(Object.keys(jx), Object.keys(jy))) if (!known.has(key) && !sameJson(jx[key], jy[key])) onField(y.field, `${kind}-rule`, describeChange(`${genitive} ${id} ${key}`, jx[key], jy[key]));
  }
}

function diffSummary(before: readonly SummarySection[], after: readonly SummarySection[], fieldName: (path: string) => string): Draft[] {
  const drafts: Draft[] = [];
  const byIdA = new Map(before.map((section) => [section.id, section]));
  const byIdB = new Map(after.map((section) => [section.id, section]));
  const kept = (sections: readonly SummarySection[], other: Map<string, SummarySection>) => sections.filter((section) => other.has(section.id)).map((section) => section.id);
  if (!sameJson(kept(before, byIdB), kept(after, byIdA))) drafts.push({ kind: 'summary', subject: 'Yhteenveto', detail: 'osioiden järjestys muuttui' });
  const name = (section: SummarySection) => `Yhteenvedon osio ${quote(section.title)}`;
  for (const id of mergeOrder([...byIdA.keys()], [...byIdB.keys()])) {
    const x = byIdA.get(id);
    const y = byIdB.get(id);
    if (!x) {
      drafts.push({ kind: 'summary-added', subject: name(y!), detail: `uusi osio (${y!.fields.map((field) => fieldName(field)).join(', ')})` });
      continue;
    }
    if (!y) {
      drafts.push({ kind: 'summary-removed', subject: name(x), detail: 'osio poistettu' });
      continue;
    }
    const add = (detail: string, field?: string, subject = name(y)) => drafts.push(field === undefined ? { kind: 'summary', subject, detail } : { kind: 'summary', subject, detail, field });
    if (x.title !== y.title) add(describeChange('otsikko', x.title, y.title), undefined, name(x));
    if (x.step !== y.step) add(`muokkauslinkki vie nyt vaiheeseen ${y.step} (ennen ${x.step})`);
    if (x.showAfterStep !== y.showAfterStep) add(`näytetään nyt vaiheen ${y.showAfterStep} jälkeen (ennen vaiheen ${x.showAfterStep} jälkeen)`);
    if (!sameJson(x.when, y.when)) add(ruleChange(x.when, y.when, 'näkyy nyt vain ehdolla', 'näkyvyyden ehto poistettu: näkyy aina', 'näkyvyyden ehto muuttui'));
    for (const field of mergeOrder(x.fields, y.fields)) {
      if (!x.fields.includes(field)) add(`uusi kenttä ${quote(fieldName(field))}`, field);
      else if (!y.fields.includes(field)) add(`kenttä ${quote(fieldName(field))} poistettu`, field);
    }
    const common = (fields: string[], other: string[]) => fields.filter((field) => other.includes(field));
    if (!sameJson(common(x.fields, y.fields), common(y.fields, x.fields))) add('kenttien järjestys muuttui');
    const jx = x as unknown as Json;
    const jy = y as unknown as Json;
    for (const key of mergeOrder(Object.keys(jx), Object.keys(jy))) if (!SUMMARY_KEYS.has(key) && !sameJson(jx[key], jy[key])) add(describeChange(key, jx[key], jy[key]));
  }
  return drafts;
}
