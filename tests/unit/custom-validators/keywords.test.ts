import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_NAMESPACE, toAjvKeyword, type FinnishKeyword } from '../../../custom-validators/keyword.ts';
import { finnishKeywords } from '../../../custom-validators/keywords.ts';
import * as runtime from '../../../custom-validators/runtime.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const runtimeUrl = pathToFileURL(join(root, 'custom-validators/runtime.ts')).href;
// Outside the project: Vitest still transforms runtime.ts when the generated
// module imports it by file URL.
const tmpDir = join(tmpdir(), `custom-validators-standalone-${process.pid}`);

interface Case {
  keyword: FinnishKeyword;
  value: unknown;
  options: unknown;
  /** null: must pass */
  code: string | null;
}

function casesOf(keyword: FinnishKeyword): Case[] {
  const { options, valid, invalid } = keyword.examples;
  return [
    ...valid.map((value) => ({ keyword, value, options, code: null })),
    ...invalid.map((example) => ({
      keyword,
      value: example.value,
      options: example.options ?? options,
      code: example.code,
    })),
  ];
}

const allCases = finnishKeywords.flatMap(casesOf);
const label = (c: Case) => `${c.keyword.keyword} ${JSON.stringify(c.value)} ${JSON.stringify(c.options)}`;

function schemaFor(keyword: FinnishKeyword, options: unknown) {
  const type = Array.isArray(keyword.type) ? keyword.type[0] : keyword.type;
  return { type, [keyword.keyword]: options };
}

// One schema per keyword and options value, each with its own $id and export name.
const variants = [...new Set(allCases.map((c) => `${c.keyword.keyword} ${JSON.stringify(c.options)}`))];
function schemaIdFor(c: Case): string {
  return `${c.keyword.keyword}-${variants.indexOf(`${c.keyword.keyword} ${JSON.stringify(c.options)}`)}`;
}
const schemaIds = [...new Set(allCases.map(schemaIdFor))];
const exportName = (id: string) => id.replace('-', '_');

function newAjv(standalone: boolean): Ajv {
  const ajv = new Ajv({ allErrors: true, ...(standalone ? { code: { source: true, esm: true } } : {}) });
  for (const keyword of finnishKeywords) ajv.addKeyword(toAjvKeyword(keyword));
  for (const c of allCases) {
    const id = schemaIdFor(c);
    if (!ajv.getSchema(id)) ajv.addSchema({ $id: id, ...schemaFor(c.keyword, c.options) });
  }
  ajv.addSchema({
    $id: 'applicant',
    type: 'object',
    properties: {
      personalId: { type: 'string', fiPersonalId: { minAge: 18 } },
      phone: { type: 'string', fiPhone: true },
      postalCode: { type: 'string', fiPostalCode: true },
      iban: { type: 'string', fiIban: true },
      businessId: { type: 'string', fiBusinessId: true },
      email: { type: 'string', fiEmail: true },
      carYear: { type: 'integer', fiYear: { past: 40, future: 1 } },
    },
  });
  return ajv;
}

const applicants = [
  {
    personalId: '131052-308T',
    phone: '+358 40 123 4567',
    postalCode: '00100',
    iban: 'FI21 1234 5600 0007 85',
    businessId: '0737546-2',
    email: 'matti@example.fi',
    carYear: 2015,
  },
  {
    personalId: '010120A123K',
    phone: '12345',
    postalCode: '0010',
    iban: 'FI2212345600000785',
    businessId: '0737546-3',
    email: 'matti@',
    carYear: 1900,
  },
];
const applicantCodes = ['underage', 'areaCode', 'invalid', 'checksum', 'checksum', 'invalid', 'outOfRange'];

describe('keyword declarations', () => {
  it.each(finnishKeywords.map((k) => [k.keyword, k] as const))('%s is exported from runtime.ts', (_name, keyword) => {
    expect((runtime as Record<string, unknown>)[keyword.exportName]).toBe(keyword.check);
  });

  it('runtime.ts exports exactly the keyword checks', () => {
    expect(Object.keys(runtime).sort()).toEqual(finnishKeywords.map((k) => k.exportName).sort());
  });

  it.each(finnishKeywords.map((k) => [k.keyword, k] as const))(
    '%s: every example code is declared and every declared code has an example',
    (_name, keyword) => {
      const exampleCodes = new Set(keyword.examples.invalid.map((e) => e.code));
      for (const code of exampleCodes) expect(keyword.codes).toContain(code);
      for (const code of keyword.codes) expect(exampleCodes).toContain(code);
      expect(keyword.examples.valid.length).toBeGreaterThanOrEqual(3);
    },
  );

  it('keyword and export names are unique', () => {
    expect(new Set(finnishKeywords.map((k) => k.keyword)).size).toBe(finnishKeywords.length);
    expect(new Set(finnishKeywords.map((k) => k.exportName)).size).toBe(finnishKeywords.length);
  });
});

describe('examples through the check functions', () => {
  it.each(allCases.map((c) => [label(c), c] as const))('%s', (_label, c) => {
    expect((c.keyword.check as (v: unknown, o: unknown) => string | null)(c.value, c.options)).toBe(c.code);
  });
});

describe('AJV keywords compiled at runtime', () => {
  const ajv = newAjv(false);

  it.each(allCases.map((c) => [label(c), c] as const))('%s', (_label, c) => {
    const validate = ajv.getSchema(schemaIdFor(c))!;
    const valid = validate(c.value);
    if (c.code === null) {
      expect(validate.errors ?? null).toBeNull();
      expect(valid).toBe(true);
    } else {
      expect(valid).toBe(false);
      expect(validate.errors).toHaveLength(1);
      expect(validate.errors![0]).toMatchObject({ keyword: c.keyword.keyword, params: { code: c.code } });
    }
  });

  it('reports every failing field of a form with its own code (allErrors)', () => {
    const validate = ajv.getSchema('applicant')!;
    expect(validate(applicants[0])).toBe(true);
    expect(validate(applicants[1])).toBe(false);
    expect(validate.errors!.map((e) => e.params.code)).toEqual(applicantCodes);
    expect(validate.errors!.map((e) => e.instancePath)).toEqual(Object.keys(applicants[1]).map((k) => `/${k}`));
  });

  it('skips values of other types (type checks are the schema’s job)', () => {
    const lenient = new Ajv({ allErrors: true, strictTypes: false });
    for (const keyword of finnishKeywords) lenient.addKeyword(toAjvKeyword(keyword));
    const validate = lenient.compile({ fiPersonalId: true, fiYear: { past: 1 } });
    expect(validate(12345)).toBe(false); // fiYear applies to numbers
    expect(validate('131052-308T')).toBe(true); // fiYear skips strings
    expect(validate(null)).toBe(true);
  });

  it('`false` switches a keyword off', () => {
    expect(ajv.compile({ type: 'string', fiPersonalId: false })('nonsense')).toBe(true);
  });
});

describe('AJV standalone code', () => {
  const source = standaloneCode(
    newAjv(true),
    Object.fromEntries([...schemaIds.map((id) => [exportName(id), id]), ['applicant', 'applicant']]),
  );
  let standalone: Record<string, ValidateFunction>;
  const runtimeAjv = newAjv(false);

  beforeAll(async () => {
    mkdirSync(tmpDir, { recursive: true });
    const file = join(tmpDir, 'validators.mjs');
    writeFileSync(file, `import * as ${RUNTIME_NAMESPACE} from '${runtimeUrl}';\n${source}`);
    standalone = await import(/* @vite-ignore */ pathToFileURL(file).href);
  });
  afterAll(() => {
    rmSync(tmpDir, { recursive: true, force: true });
  });

  it('is plain code: no eval, no Function constructor, no require', () => {
    expect(source).not.toContain('new Function');
    expect(source).not.toMatch(/\bFunction\(/);
    expect(source).not.toContain('eval(');
    expect(source).not.toContain('require(');
    expect(source).not.toContain('ajv/');
  });

  it('calls the checks through the runtime namespace', () => {
    for (const keyword of finnishKeywords) {
      expect(source).toContain(`${RUNTIME_NAMESPACE}.${keyword.exportName}`);
    }
  });

  it.each(allCases.map((c) => [label(c), c] as const))('%s gives the same result as runtime AJV', (_label, c) => {
    const id = schemaIdFor(c);
    const compiled = runtimeAjv.getSchema(id)!;
    const generated = standalone[exportName(id)];
    const expected = compiled(c.value);
    expect(generated(c.value)).toBe(expected);
    expect(generated.errors ?? null).toEqual(compiled.errors ?? null);
    expect(expected).toBe(c.code === null);
  });

  it('validates a whole form like runtime AJV', () => {
    const compiled = runtimeAjv.getSchema('applicant')!;
    for (const applicant of applicants) {
      expect(standalone.applicant(applicant)).toBe(compiled(applicant));
      expect(standalone.applicant.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(standalone.applicant.errors!.map((e) => e.params.code)).toEqual(applicantCodes);
  });
});
