// The browser and the server price the insurance alike (issue 27 item 2): the browser's
// runtime (the AJV standalone validator generated at build time, the same rule operations)
// gives the same errors and the same derived fee as the server's run-time compiled one, for
// every tier at every age and for wrong answers, so "the server computes the same fee from the
// same table" holds by construction, not by a second implementation.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateValidatorModule } from '../../../engine/core/compile.ts';
import { loadFormRuntime, readFormDocument } from '../../../engine/core/node.ts';
import { createFormRuntime } from '../../../engine/core/runtime.ts';
import type { SchemaValidateFunction } from '../../../engine/core/types.ts';
import { validInsurance } from '../../fixtures/insurance-valid.ts';

const root = resolve(import.meta.dirname, '../../..');
const tmp = join(root, 'tests', '.tmp', `insurance-standalone-${process.pid}`);
mkdirSync(tmp, { recursive: true });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const valid = validInsurance();

describe('the insurance document in the browser', () => {
  it('validates and derives the fee exactly as the server does', async () => {
    const doc = readFormDocument('insurance');
    const spec = (target: string) => {
      const path = relative(tmp, join(root, target)).replace(/\\/g, '/');
      return path.startsWith('.') ? path : `./${path}`;
    };
    const code = generateValidatorModule(doc, { customValidators: spec('custom-validators/runtime.ts'), ajvRuntime: spec('engine/core/ajv-runtime.ts') });
    expect(code).not.toMatch(/\beval\(|new Function|require\(/);
    const file = join(tmp, 'insurance.mjs');
    writeFileSync(file, code);
    const browser = createFormRuntime(doc, ((await import(file)) as { validate: SchemaValidateFunction }).validate);
    const server = loadFormRuntime('insurance');
    const samples: Array<Record<string, unknown>> = [
      { ...valid, monthlyPayment: 0.01 },
      { ...valid, paymentTier: 250, appliedDueDate: 31, age: 64 },
      { ...valid, paymentTier: '300', age: 19, phone: '12', email: 'x@', assureAge: false },
      { paymentTier: 700 },
      {},
    ];
    for (let age = 18; age <= 64; age++) for (const paymentTier of [200, 300, 400, 500, 600, 700]) samples.push({ ...valid, age, paymentTier });
    for (const sample of samples) {
      const [b, s] = [browser.validate(structuredClone(sample)), server.validate(structuredClone(sample))];
      expect(b, JSON.stringify(sample)).toEqual(s);
      expect(browser.prepare(structuredClone(sample)).monthlyPayment).toEqual(server.prepare(structuredClone(sample)).monthlyPayment);
    }
    expect(browser.validate({ ...valid, paymentTier: 500, age: 60 }).data.monthlyPayment).toBe(37);
  });
});
