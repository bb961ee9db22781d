// The browser validates with AJV standalone code generated at build time: the same
// results as the run-time compiled validator, and no eval / new Function inside.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateValidatorModule } from '../../../engine/core/compile.ts';
import { resolveVariants } from '../../../engine/core/document.ts';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import { createFormRuntime } from '../../../engine/core/runtime.ts';
import type { SchemaValidateFunction } from '../../../engine/core/types.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';
import { validApplication, validApplicationWithCoApplicant } from '../../fixtures/consumer-valid.ts';

const root = resolve(import.meta.dirname, '../../..');
const tmp = join(root, 'tests', '.tmp', `standalone-${process.pid}`);
mkdirSync(tmp, { recursive: true });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function generated(variants: string[]) {
  const doc = resolveVariants(readFormDocument('consumer'), variants);
  const spec = (target: string) => {
    const path = relative(tmp, join(root, target)).replace(/\\/g, '/');
    return path.startsWith('.') ? path : `./${path}`;
  };
  const code = generateValidatorModule(doc, { customValidators: spec('custom-validators/runtime.ts'), ajvRuntime: spec('engine/core/ajv-runtime.ts') });
  const file = join(tmp, `consumer-${variants.join('-') || 'base'}.mjs`);
  writeFileSync(file, code);
  const module = (await import(file)) as { validate: SchemaValidateFunction };
  return { code, runtime: createFormRuntime(doc, module.validate) };
}

const samples: Array<Record<string, unknown>> = [
  validApplication(),
  validApplicationWithCoApplicant(),
  { ...validApplication(), inputAppliedAmount: 499, primaryApplicantZip: '123', primaryApplicantCity: 'Hel5inki' },
  { ...validApplication(), primaryApplicantPersonalIdentificationNumber: personalIdOfAge(16, 222), primaryApplicantIbanNumber: 'FI2112345600000786' },
  { ...validApplication(), primaryApplicantMobilephone: '12', primaryApplicantEmail: 'x@', loanPurposeId: 77 },
  { ...validApplication(), primaryApplicantOtherLoanInput: [{ loan: 0, monthlyPayment: 'a' }, { loan: 5, colour: 1 }] },
  { ...validApplicationWithCoApplicant(), coApplicantEmploymentTypeId: 7, coApplicantBusinessIdentityCode: '1234567-8', coApplicantFirstnames: '' },
  { hasCoApplicant: 'yes', inputAppliedTenor: 2.5, unknownThing: true },
];

describe('standalone validators', () => {
  it.each([[[]], [['kattokorko']], [['yhdistelylaina']], [['kattokorko', 'yhdistelylaina']]])('variant %j gives the same results as run-time compilation', async (variants) => {
    const { code, runtime } = await generated(variants);
    expect(code).not.toMatch(/new Function|\beval\s*\(|require\(/);
    const reference = runtimeForDocument(readFormDocument('consumer'), variants);
    for (const sample of samples) expect(runtime.validate(sample)).toEqual(reference.validate(sample));
    expect(runtime.validate(samples[2]).errors.length).toBeGreaterThan(0);
  });
});
