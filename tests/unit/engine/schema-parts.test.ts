// The build checks a product's document in parts, one per step (engine/core/schema-parts.ts,
// issue 31 goal 3), and the browser joins the parts it has. Joined, they must give exactly
// what the whole schema's validator gives, which the server uses: the same errors (keyword,
// place, parameters, in each field's order) on the QA generator's cases, valid and invalid,
// of every variant set of every product document, and the same answers from every public
// validation call of the runtime. Missing parts make a check of a later answer throw rather than pass it.
import { describe, expect, it } from 'vitest';
import { compileSchema, createAjv } from '../../../engine/core/compile.ts';
import { resolveVariants, variantSets } from '../../../engine/core/document.ts';
import { readCatalogue, readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { createFormRuntime, SchemaPartPendingError } from '../../../engine/core/runtime.ts';
import { partedValidator, schemaPart, schemaPartFields, splittable } from '../../../engine/core/schema-parts.ts';
import type { AjvLikeError, FormData, FormDocument, SchemaValidateFunction } from '../../../engine/core/types.ts';
import { generateCases } from '../../../engine/qa/generate.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';

// A one-step document (the business loan's) stays whole: it has no later step to leave out.
const productDocuments = [...new Set(Object.values(readCatalogue().products).map((product) => product.document))].filter((id) => readFormDocument(id).steps.length > 1);

const partValidators = (doc: FormDocument): SchemaValidateFunction[] => schemaPartFields(doc).map((_, i) => createAjv().compile(schemaPart(doc, i)) as SchemaValidateFunction);
const joined = (doc: FormDocument) => partedValidator(doc, partValidators(doc).map((validate) => ({ validate })));

/** The errors, minus the root's own (unknown keys, which the runtime names itself and prunes; the parts leave that keyword out), in a stable order. */
function errorsOf(validate: SchemaValidateFunction, data: unknown): AjvLikeError[] {
  const valid = validate(data);
  const errors = (validate.errors ?? []).filter((error) => error.instancePath !== '').map(({ keyword, instancePath, schemaPath, params }) => ({ keyword, instancePath, schemaPath, params }));
  expect(valid, 'validity agrees with the errors').toBe(errors.length === 0 && (validate.errors ?? []).length === 0);
  // Each top-level field's errors keep their own order; fields are ordered by name.
  const field = (error: AjvLikeError) => error.instancePath.split('/')[1];
  return errors.map((error, i) => ({ error, i })).sort((a, b) => field(a.error).localeCompare(field(b.error)) || a.i - b.i).map(({ error }) => error as AjvLikeError);
}

describe.each(productDocuments)('forms/%s.json checked in parts', (id) => {
  const base = readFormDocument(id);
  const sets = variantSets(base).map((set) => ({ name: set.join('+') || 'base', set, doc: resolveVariants(base, set) }));

  it('is split: each top-level field lies in exactly one part, step 1 first', () => {
    for (const { doc } of sets) {
      expect(splittable(doc)).toBe(true);
      const parts = schemaPartFields(doc);
      expect(parts.length).toBe(doc.steps.length);
      expect(parts.flat().sort()).toEqual(Object.keys(doc.schema.properties).sort());
      const first = [...doc.steps].sort((a, b) => a.number - b.number)[0];
      for (const field of first.sections.flatMap((section) => section.fields)) expect(parts[0]).toContain(field);
    }
  });

  for (const { name, set, doc } of sets) {
    const { cases } = generateCases(base, set, { runtimeFor: runtimeForDocument });
    const samples: FormData[] = [...cases.map((c) => c.data), ...(id === 'consumer' ? [validApplication(), validApplicationWithCoApplicant()] : []), {}];
    const whole = compileSchema(doc);
    const parted = joined(doc);

    it(`${name}: the parts joined give the whole schema's errors on ${samples.length} QA cases, as sent and as the runtime prunes them`, { timeout: 120_000 }, () => {
      const wholeRuntime = createFormRuntime(doc, whole);
      let invalid = 0;
      for (const data of samples) {
        for (const input of [data, wholeRuntime.prepare(data)]) {
          const expected = errorsOf(whole, input);
          if (expected.length) invalid++;
          expect(errorsOf(parted, input), JSON.stringify(input)).toEqual(expected);
        }
      }
      expect(invalid, 'the cases include invalid data').toBeGreaterThan(10);
    });

    it(`${name}: the runtime over the joined parts answers the validation calls as over the whole validator`, { timeout: 300_000 }, () => {
      const wholeRuntime = createFormRuntime(doc, whole);
      const partedRuntime = createFormRuntime(doc, parted);
      expect(partedRuntime.schemaLoaded()).toBe(true);
      const last = Math.max(...doc.steps.map((step) => step.number));
      // Each case at the step it was made for (the whole application: the last), and the whole form.
      for (const { data, step } of [...cases, ...samples.map((data) => ({ data, step: null }))]) {
        const at = step ?? last;
        const label = `${JSON.stringify(data)} at step ${at}`;
        expect(partedRuntime.validate(data), label).toStrictEqual(wholeRuntime.validate(data));
        expect(partedRuntime.validate(data, { step: at }), label).toStrictEqual(wholeRuntime.validate(data, { step: at }));
        expect(partedRuntime.validateSave(data, { uptoStep: at }), label).toStrictEqual(wholeRuntime.validateSave(data, { uptoStep: at }));
        expect(partedRuntime.validateSubmission(data, { uptoStep: at }), label).toStrictEqual(wholeRuntime.validateSubmission(data, { uptoStep: at }));
      }
    });
  }
});

describe('a runtime whose later parts have not arrived', () => {
  const doc = resolveVariants(readFormDocument('consumer'), []);
  const parts = partValidators(doc);
  const whole = createFormRuntime(doc, compileSchema(doc));
  const firstStep = Math.min(...doc.steps.map((step) => step.number));
  const application = validApplication();
  const stepOneOnly = Object.fromEntries(Object.entries(application).filter(([field]) => schemaPartFields(doc)[0].includes(field)));

  function partial() {
    let loads = 0;
    const validate = partedValidator(doc, [
      { validate: parts[0] },
      ...parts.slice(1).map((part) => ({
        load: async () => {
          loads++;
          return { validate: part };
        },
      })),
    ]);
    return { runtime: createFormRuntime(doc, validate), loads: () => loads };
  }

  it('checks step 1 as the whole validator does', () => {
    const { runtime } = partial();
    expect(runtime.schemaLoaded()).toBe(false);
    for (const data of [stepOneOnly, { ...stepOneOnly, [Object.keys(stepOneOnly)[0]]: 'not a number' }, {}]) {
      expect(runtime.validate(data, { step: firstStep })).toStrictEqual(whole.validate(data, { step: firstStep }));
      expect(runtime.validateSave(data, { uptoStep: firstStep })).toStrictEqual(whole.validateSave(data, { uptoStep: firstStep }));
    }
  });

  it('throws rather than pass a later answer unchecked, and checks it once the parts are loaded (each loaded once)', async () => {
    const { runtime, loads } = partial();
    expect(() => runtime.validate(application)).toThrow(SchemaPartPendingError);
    expect(() => runtime.validateSave(application, { uptoStep: firstStep })).toThrow(SchemaPartPendingError);
    await Promise.all([runtime.whenSchemaLoaded(), runtime.whenSchemaLoaded()]);
    expect(loads()).toBe(parts.length - 1);
    expect(runtime.schemaLoaded()).toBe(true);
    expect(runtime.validate(application)).toStrictEqual(whole.validate(application));
    expect(runtime.validateSave(application, { uptoStep: firstStep })).toStrictEqual(whole.validateSave(application, { uptoStep: firstStep }));
  });

  it('asks again for a part whose load failed', async () => {
    let fail = true;
    const validate = partedValidator(doc, [{ validate: parts[0] }, ...parts.slice(1).map((part) => ({ load: async () => (fail ? Promise.reject(new Error('offline')) : { validate: part }) }))]);
    await expect(validate.load()).rejects.toThrow('offline');
    fail = false;
    await validate.load();
    expect(validate.loaded()).toBe(true);
  });
});
