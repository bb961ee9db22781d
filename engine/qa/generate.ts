// Generates test cases from a form document alone: the schema's limits, options
// and custom keywords, the rules (visibility, requiredness, checks) and the
// steps. It knows forms, not loans: no field name appears here.
import { normalizers } from '../../custom-validators/normalizers.ts';
import { yearRange } from '../../custom-validators/month-year.ts';
import { resolveVariants, variantKey, variantSets } from '../core/document.ts';
import { isTruthy } from '../core/logic.ts';
import type { FormRuntime } from '../core/runtime.ts';
import type { FieldError, FormData, FormDocument, JsonSchema } from '../core/types.ts';
import { baseBuilder, varsOf } from './base.ts';
import { CASE_KINDS, expectedOf, type CaseKind, type CaseSet, type TestCase } from './cases.ts';
import { declaredIntent, declaredMessage, fieldOrder, isBlank, resolveRef, ruleContext, stepOfField } from './intent.ts';
import { seededRandom } from './random.ts';
import { fitsText, hasType, keywordOf, optionsOf, stepOf, textOfLength, typeOf, wrongType, wrongTypes } from './values.ts';

export const DEFAULT_SEED = 20260601;

export interface GenerateOptions {
  seed?: number;
  today?: Date;
  /** Builds the runtime for a resolved variant set (node.ts `runtimeForDocument`). */
  runtimeFor: (doc: FormDocument, variants: string[]) => FormRuntime;
  /** Only the valid complete applications: a browser walk needs no more, and the rest is most of the cost. */
  validOnly?: boolean;
}

/** One case set per variant set of the document (base first). */
export function generateAll(doc: FormDocument, options: GenerateOptions, only?: string[][]): CaseSet[] {
  return (only ?? variantSets(doc)).map((set) => generateCases(doc, set, options));
}

export function generateCases(doc: FormDocument, variants: string[], options: GenerateOptions): CaseSet {
  const seed = options.seed ?? DEFAULT_SEED;
  const today = options.today ?? new Date();
  const resolved = resolveVariants(doc, variants);
  const runtime = options.runtimeFor(doc, variants);
  const variant = variantKey(doc, variants);
  const builder = baseBuilder(resolved, runtime, seededRandom(seed), today);
  const intent = declaredIntent(resolved);
  const context = ruleContext(resolved);
  const order = fieldOrder(resolved);
  const steps = stepOfField(resolved);
  const rules = resolved.rules ?? {};
  const cases: TestCase[] = [];
  const ids = new Set<string>();

  const ordered = (data: FormData): FormData => {
    const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
    return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
  };
  function add(kind: CaseKind, key: string, description: string, step: number | null, data: FormData, planted: FieldError[] = []): void {
    let id = `${variant}:${kind}:${key}`;
    for (let n = 2; ids.has(id); n++) id = `${variant}:${kind}:${key}#${n}`;
    ids.add(id);
    cases.push({ id, kind, description, variant, step, data: ordered(data), expected: expectedOf(intent.expectedErrors(data, step, planted)) });
  }
  const planted = (field: string, keys: string[], params: Record<string, unknown> = {}): FieldError[] => [
    { field, message: declaredMessage(resolved, field, keys, params) },
  ];

  // Booleans that switch steps on or off: each setting gets its own complete application.
  const gates = [...new Set(resolved.steps.flatMap((s) => (s.when === undefined ? [] : [...varsOf(s.when)])))].filter(
    (field) => typeOf(resolveRef(resolved, resolved.schema.properties[field])) === 'boolean',
  );
  const settings = gates.reduce<FormData[]>((all, gate) => all.flatMap((pins) => [{ ...pins, [gate]: false }, { ...pins, [gate]: true }]), [{}]);
  const bases = settings.map((pins) => ({ pins, data: builder.build(pins) })).filter((b): b is { pins: FormData; data: FormData } => b.data !== null);
  for (const { pins, data } of bases) {
    const label = Object.entries(pins).map(([k, v]) => `${k}=${v}`).join(', ') || 'oletukset';
    add('valid', Object.entries(pins).map(([k, v]) => `${k}=${v}`).join(',') || 'default', `Kelvollinen koko hakemus (${label})`, null, data);
  }
  if (options.validOnly) return caseSet();
  const visibility = new WeakMap<FormData, Set<string>>();
  const visibleIn = (data: FormData) => {
    let visible = visibility.get(data);
    if (!visible) visibility.set(data, (visible = intent.prepare(data).visible));
    return visible;
  };
  const showing = new Map<string, { pins: FormData; data: FormData } | null>();
  // A field no complete application shows (a follow-up question) gets a base where its rule holds.
  const baseShowing = (field: string) => {
    if (!showing.has(field)) showing.set(field, bases.find((b) => visibleIn(b.data).has(field)) ?? bases.map((b) => flipped(field, b, true)).find((b) => b) ?? null);
    return showing.get(field) ?? undefined;
  };

  for (const field of order) {
    const raw = resolved.schema.properties[field];
    const step = steps.get(field);
    // Read-only fields are the server's (an age from the identity code), filled before it
    // validates: their limits and messages are behaviour an applicant meets too.
    if (!raw || step === undefined) continue;
    const schema = resolveRef(resolved, raw);
    const base = baseShowing(field);
    if (!base) continue;
    const at = (value: unknown) => ({ ...base.data, [field]: value });

    // Boundaries: below, at and above every limit.
    const normalize = (value: unknown) => normalizeValue(resolved, field, value);
    boundaries(schema, base.data[field], today, { normalize, optional: rules.required?.[field] === undefined }).forEach(({ value, error, what }) =>
      add('boundary', `${field}:${what}`, `${field} = ${JSON.stringify(value)} (${what})`, step, at(value), error ? planted(field, error.keys, error.params) : []),
    );
    if (typeOf(schema) === 'array') arrayBoundaries(resolved, field, schema, base.data[field], today).forEach(({ value, error, errorField, what }) =>
      add('boundary', `${field}:${what}`, `${field}: ${what}`, step, at(value), error ? planted(errorField, error.keys, error.params) : []),
    );

    // Every option, and one outside them.
    const boolean = typeOf(schema) === 'boolean' && !('const' in schema);
    const opts = optionsOf(schema) ?? ('const' in schema ? [{ value: schema.const }] : boolean ? [{ value: false }, { value: true }] : null);
    if (opts) {
      for (const option of opts) {
        if (option.value === base.data[field]) {
          add('enum', `${field}=${JSON.stringify(option.value)}`, `${field}: vaihtoehto ${JSON.stringify(option.value)}`, step, base.data);
          continue;
        }
        const data = builder.build({ ...base.pins, [field]: option.value }, base.data);
        if (data) add('enum', `${field}=${JSON.stringify(option.value)}`, `${field}: vaihtoehto ${JSON.stringify(option.value)}`, null, data);
      }
      const outside = boolean ? 'x' : outsideOf(schema, opts.map((o) => o.value));
      const keys = boolean ? ['type.boolean', 'type'] : ['const' in schema ? 'const' : Array.isArray(schema.enum) ? 'enum' : 'oneOf'];
      add('enum', `${field}:outside`, `${field}: ${JSON.stringify(outside)} ei ole vaihtoehto`, step, at(outside), planted(field, keys));
    }

    // The custom keyword's own failing examples, where they apply to this field as written.
    const custom = keywordOf(schema);
    if (custom) {
      for (const example of custom.keyword.examples.invalid) {
        const exampleOptions = example.options ?? custom.keyword.examples.options;
        if (JSON.stringify(exampleOptions) !== JSON.stringify(custom.options) || !hasType(schema, example.value)) continue;
        if (typeof example.value === 'string' && typeof schema.maxLength === 'number' && [...example.value].length > schema.maxLength) continue;
        const normalized = normalizeValue(resolved, field, example.value);
        if (custom.keyword.check(normalized as never, custom.options) !== example.code) continue;
        add('keyword', `${field}:${custom.keyword.keyword}.${example.code}:${JSON.stringify(example.value)}`,
          `${field} = ${JSON.stringify(example.value)}: ${custom.keyword.keyword}.${example.code}${example.note ? ` (${example.note})` : ''}`,
          step, at(example.value), planted(field, [`${custom.keyword.keyword}.${example.code}`, custom.keyword.keyword]));
      }
      // Both sides of the keyword's own limits today (the day someone turns the minimum age).
      for (const edge of custom.keyword.edges?.(custom.options, today) ?? []) {
        if (!hasType(schema, edge.value) || JSON.stringify(normalize(edge.value)) !== JSON.stringify(edge.value)) continue;
        if (typeof edge.value === 'string' && !fitsText({ ...schema, pattern: undefined }, edge.value)) continue;
        const name = custom.keyword.keyword;
        add('keyword', `${field}:${name}.edge:${JSON.stringify(edge.value)}`, `${field} = ${JSON.stringify(edge.value)}: ${edge.note}`,
          step, at(edge.value), edge.code === null ? [] : planted(field, [`${name}.${edge.code}`, name]));
      }
    }

    // A value of the wrong JSON type, as an API client or a plain text input sends it.
    const type = typeOf(schema);
    if (typeof schema.type === 'string' && type)
      for (const value of wrongTypes(schema, base.data[field])) {
        // A normaliser that repairs the value (money: "1200" → 1200) makes it a valid answer, not a type case.
        if (hasType(schema, normalize(value)) || (rules.visible?.[field] !== undefined && JSON.stringify(value) === JSON.stringify(wrongType(schema)))) continue;
        add('type', `${field}:${JSON.stringify(value)}`, `${field} = ${JSON.stringify(value)} ei ole tyyppiä ${type}`, step, at(value), planted(field, [`type.${type}`, 'type']));
      }

    // Required: the field left out.
    if (rules.required?.[field] !== undefined && !isBlank(base.data[field])) {
      const data = at(undefined);
      add('required', field, `${field} puuttuu`, step, data);
    }

    // Visibility: the rule's both sides.
    const rule = rules.visible?.[field];
    if (rule !== undefined) {
      const hidden = bases.find((b) => !visibleIn(b.data).has(field)) ?? flipped(field, base, false);
      const wrong = wrongType(schema);
      add('visibility', `${field}:shown`, `${field} näkyy, joten väärän tyyppinen arvo hylätään`, step, at(wrong), planted(field, [`type.${typeOf(schema)}`, 'type']));
      if (hidden) add('visibility', `${field}:hidden`, `${field} piilossa, joten sen arvo ohitetaan`, step, { ...hidden.data, [field]: wrong });
    }
  }

  // Checks: a case where the rule holds and one where it fails.
  for (const check of rules.checks ?? []) {
    const top = check.field.split('.')[0];
    const step = steps.get(top);
    const base = baseShowing(top);
    if (step === undefined || !base || (!check.whenEmpty && isBlank(base.data[top]))) continue;
    add('check', `${check.id}:holds`, `${check.id} täyttyy`, step, base.data);
    for (const other of varsOf(check.rule)) {
      if (other === top || base.data[other] === undefined || base.data[other] === base.data[top]) continue;
      // Only between two free values of one type (two amounts), where the other's value is a valid answer here too.
      const [mine, theirs] = [top, other].map((f) => resolveRef(resolved, resolved.schema.properties[f]));
      if (!theirs || typeOf(mine) !== typeOf(theirs) || optionsOf(mine) || optionsOf(theirs) || keywordOf(mine) || typeOf(mine) === 'boolean') continue;
      const edge = { ...base.data, [top]: structuredClone(base.data[other]) };
      if (intent.expectedErrors(edge, step).length === 0 && !check.field.includes('*')) add('check', `${check.id}:equal:${other}`, `${check.id} täyttyy, kun ${top} = ${other}`, step, edge);
    }
    const failing = failingChange(check.field, check.rule, base.data, check.message ?? declaredMessage(resolved, check.field, []));
    if (failing) add('check', `${check.id}:fails`, `${check.id} ei täyty (${failing.changed})`, step, failing.data);
  }

  // An answer the document does not know is refused, whatever its step.
  if (bases.length) add('unknown', 'field', 'Tuntematon kenttä', null, { ...bases[0].data, tuntematonKentta: 'x' });

  // Required, per step: every required field of the step left out at once.
  for (const stepDef of [...resolved.steps].sort((a, b) => a.number - b.number)) {
    for (const base of bases) {
      const visible = visibleIn(base.data);
      const fields = stepDef.sections.flatMap((s) => s.fields).filter((f) => visible.has(f) && rules.required?.[f] !== undefined && !isBlank(base.data[f]));
      if (!fields.length) continue;
      const data = { ...base.data };
      for (const f of fields) delete data[f];
      const key = `step${stepDef.number}:${Object.entries(base.pins).map(([k, v]) => `${k}=${v}`).join(',') || 'default'}`;
      if (!cases.some((c) => c.kind === 'required' && c.step === stepDef.number && JSON.stringify(c.data) === JSON.stringify(ordered(data))))
        add('required', key, `Vaiheen ${stepDef.number} pakolliset tiedot puuttuvat`, stepDef.number, data);
    }
  }

  /** A base where the field's visibility rule gives `shown`, found by changing one variable the rule reads. */
  function flipped(field: string, base: { pins: FormData; data: FormData }, shown: boolean) {
    const stepRule = resolved.steps.find((st) => st.number === steps.get(field))?.when;
    for (const name of new Set([...varsOf(rules.visible?.[field]), ...varsOf(stepRule)])) {
      for (const value of builder.candidatesFor(name, base.data)) {
        if (visibleIn({ ...base.data, [name]: value }).has(field) !== shown) continue;
        const data = builder.build({ ...base.pins, [name]: value }, base.data);
        if (data && visibleIn(data).has(field) === shown) return { pins: { ...base.pins, [name]: value }, data };
      }
    }
    return null;
  }

  /** One valid value for one variable of the rule that makes it fail, with the check's error expected. */
  function failingChange(checkField: string, rule: unknown, data: FormData, message: string) {
    const top = checkField.split('.')[0];
    for (const name of [top, ...varsOf(rule)]) {
      if (!(name in resolved.schema.properties) || resolved.rules?.derived?.[name] !== undefined) continue;
      for (const value of builder.candidatesFor(name, data)) {
        const changed = { ...data, [name]: structuredClone(value) };
        const prepared = intent.prepare(changed).data;
        const rows = Array.isArray(prepared[top]) ? (prepared[top] as FormData[]) : null;
        const holds = checkField.includes('*')
          ? (rows ?? []).every((row, index) => isTruthy(rule, prepared, context, { $row: row, $index: index }))
          : isTruthy(rule, prepared, context);
        if (holds) continue;
        const errors = intent.expectedErrors(changed, steps.get(top)!);
        if (errors.some((e) => e.field.split('.')[0] === top && e.message === message)) return { data: changed, changed: `${name} = ${JSON.stringify(value)}` };
      }
    }
    return null;
  }

  return caseSet();

  function caseSet(): CaseSet {
    const counts = Object.fromEntries(CASE_KINDS.map((kind) => [kind, cases.filter((c) => c.kind === kind).length])) as Record<CaseKind, number>;
    return { form: doc.id, variant, variants: [...variants], seed, counts, cases };
  }
}

interface Boundary {
  value: unknown;
  what: string;
  error?: { keys: string[]; params?: Record<string, unknown> };
}

interface BoundaryOptions {
  /** The field's normalisers, as the server runs them before validating. */
  normalize?: (value: unknown) => unknown;
  /** Not required by any rule: an empty text is validated, not "required". */
  optional?: boolean;
}

function boundaries(schema: JsonSchema, current: unknown, today: Date, options: BoundaryOptions = {}): Boundary[] {
  const out: Boundary[] = [];
  const type = typeOf(schema);
  if (type === 'number' || type === 'integer') {
    // A slider's values are its steps (multipleOf): the neighbours of a limit are a step away.
    const step = stepOf(schema) ?? 1;
    if (stepOf(schema) !== null) {
      const from = typeof schema.minimum === 'number' ? schema.minimum : 0;
      out.push({ value: from + step / 2, what: `multipleOf ${step} väliin`, error: { keys: ['multipleOf'], params: { multipleOf: step } } });
    }
    if (typeof schema.minimum === 'number') {
      const min = schema.minimum;
      out.push({ value: min - step, what: `minimum ${min} alle`, error: { keys: ['minimum'], params: { limit: min } } });
      out.push({ value: min, what: `minimum ${min}` }, { value: min + step, what: `minimum ${min} yli` });
    }
    if (typeof schema.maximum === 'number') {
      const max = schema.maximum;
      out.push({ value: max - step, what: `maximum ${max} alle` }, { value: max, what: `maximum ${max}` });
      out.push({ value: max + step, what: `maximum ${max} yli`, error: { keys: ['maximum'], params: { limit: max } } });
    }
    const custom = keywordOf(schema);
    if (custom?.keyword.keyword === 'fiYear') {
      const { min, max } = yearRange(custom.options as never, today);
      const error = { keys: ['fiYear.outOfRange', 'fiYear'] };
      out.push({ value: min - 1, what: `vuosi ${min} alle`, error }, { value: min, what: `vuosi ${min}` }, { value: min + 1, what: `vuosi ${min} yli` });
      out.push({ value: max - 1, what: `vuosi ${max} alle` }, { value: max, what: `vuosi ${max}` }, { value: max + 1, what: `vuosi ${max} yli`, error });
    }
  }
  // A text one too short or too long is refused for its length whatever else is wrong with it:
  // the length limits come before `pattern` and a Finnish keyword, and one message per field is
  // shown. So filler text makes these cases for any text field, of any format.
  if (type === 'string') {
    const normalize = options.normalize ?? ((value: unknown) => value);
    const failing = (length: number, what: string, keyword: 'minLength' | 'maxLength', limit: number) => {
      const text = textOfLength({ ...schema, pattern: undefined }, length, (t) => { const n = normalize(t); return typeof n === 'string' && [...n].length === length; });
      if (text !== null && text !== current) out.push({ value: text, what, error: { keys: [keyword], params: { limit } } });
    };
    if (keywordOf(schema) || typeof schema.pattern === 'string') {
      if (typeof schema.minLength === 'number' && schema.minLength > 1 && (keywordOf(schema) || textOfLength(schema, schema.minLength - 1) === null)) failing(schema.minLength - 1, `minLength ${schema.minLength} alle`, 'minLength', schema.minLength);
      if (typeof schema.maxLength === 'number' && (keywordOf(schema) || textOfLength(schema, schema.maxLength + 1) === null)) failing(schema.maxLength + 1, `maxLength ${schema.maxLength} yli`, 'maxLength', schema.maxLength);
    }
  }
  // Text lengths; a field with a custom keyword has its own format, which filler text cannot meet.
  if (type === 'string' && !keywordOf(schema)) {
    const lengths: Boundary[] = [];
    if (typeof schema.minLength === 'number') {
      const min = schema.minLength;
      if (min > 1) lengths.push({ value: min - 1, what: `minLength ${min} alle`, error: { keys: ['minLength'], params: { limit: min } } });
      // Empty is "required" only where a rule requires the field; elsewhere it is one character short.
      else if (min === 1 && options.optional && current !== '') out.push({ value: '', what: `minLength ${min} alle`, error: { keys: ['minLength'], params: { limit: min } } });
      lengths.push({ value: min, what: `minLength ${min}` }, { value: min + 1, what: `minLength ${min} yli` });
    }
    if (typeof schema.maxLength === 'number') {
      const max = schema.maxLength;
      lengths.push({ value: max - 1, what: `maxLength ${max} alle` }, { value: max, what: `maxLength ${max}` });
      lengths.push({ value: max + 1, what: `maxLength ${max} yli`, error: { keys: ['maxLength'], params: { limit: max } } });
    }
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern as string, 'u');
      const text = ['#', '<>', '123', '#'.repeat(Math.max(1, (schema.minLength as number) ?? 1))].find((t) => !pattern.test(t) && fitsText({ ...schema, pattern: undefined }, t));
      if (text) out.push({ value: text, what: 'pattern', error: { keys: ['pattern'] } });
    }
    for (const boundary of lengths) {
      const text = textOfLength(schema, boundary.value as number);
      if (text !== null && text !== current) out.push({ ...boundary, value: text });
    }
  }
  return out.filter((b) => b.value !== current || b.error);
}

function arrayBoundaries(doc: FormDocument, field: string, schema: JsonSchema, current: unknown, today: Date): (Boundary & { errorField: string })[] {
  const rows = Array.isArray(current) ? (current as FormData[]) : [];
  if (!rows.length) return [];
  const out: (Boundary & { errorField: string })[] = [];
  if (typeof schema.maxItems === 'number') {
    const max = schema.maxItems;
    const many = (n: number) => Array.from({ length: n }, () => structuredClone(rows[0]));
    out.push({ value: many(max), what: `maxItems ${max}`, errorField: field });
    out.push({ value: many(max + 1), what: `maxItems ${max} yli`, errorField: field, error: { keys: ['maxItems'], params: { limit: max } } });
  }
  const item = resolveRef(doc, schema.items as JsonSchema);
  const properties = (item.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, sub] of Object.entries(properties)) {
    for (const b of boundaries(resolveRef(doc, sub), rows[0][name], today)) {
      const value = structuredClone(rows);
      value[0] = { ...value[0], [name]: b.value };
      out.push({ ...b, value, what: `0.${name} ${b.what}`, errorField: `${field}.0.${name}` });
    }
  }
  return out;
}

function outsideOf(schema: JsonSchema, values: unknown[]): unknown {
  if (typeof schema.const === 'boolean') return !schema.const;
  if (values.every((v) => typeof v === 'number')) return Math.max(...(values as number[])) + 1;
  return 'ei-vaihtoehto';
}

function normalizeValue(doc: FormDocument, field: string, value: unknown): unknown {
  const names = doc.normalize?.[field];
  if (!names) return value;
  return (Array.isArray(names) ? names : [names]).reduce((v, name) => normalizers[name](v), value);
}

