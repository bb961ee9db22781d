// The form:validate contract QA scripts rely on: output shape and exit codes.
// Messages and limits of the consumer are read from the document; broken forms are
// copies of the fixture document (tests/fixtures/forms/mini.json).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVariants } from '../../../engine/core/document.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { validApplication } from '../../fixtures/consumer-valid.ts';
import { validBusiness } from '../../fixtures/business-valid.ts';
import { validInsurance } from '../../fixtures/insurance-valid.ts';
import { validMortgage } from '../../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../../fixtures/personal-id.ts';
import { checkMessage, limitMessage, limitOf } from './helpers.ts';

const root = resolve(import.meta.dirname, '../../..');
const consumer = readFormDocument('consumer');
const mini = () => JSON.parse(readFileSync(join(root, 'tests/fixtures/forms/mini.json'), 'utf8'));
const miniApplication = { amount: 1000, years: 2, colour: 1, hasPartner: false, name: 'Maija', email: 'maija@example.fi', email2: 'maija@example.fi', personalId: personalIdOfAge(40, 123), hasLoans: false, accept: true };
const dir = mkdtempSync(join(tmpdir(), 'form-validate-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/form-validate.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
};

describe('form:validate', () => {
  it('exits 0 and prints valid for a complete application', () => {
    const { code, out } = run('consumer', file('ok.json', validApplication()));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ valid: true, errors: [] });
  });

  it('exits 1 with field ids and Finnish messages, list rows included', () => {
    const data = { ...validApplication(), primaryApplicantOtherLoanInput: [{ loan: 10, monthlyPayment: 5 }, { loan: 10, monthlyPayment: 50 }] };
    const { code, out } = run('consumer', file('bad.json', data));
    expect(code).toBe(1);
    expect(JSON.parse(out)).toEqual({ valid: false, errors: [{ field: 'primaryApplicantOtherLoanInput.1.monthlyPayment', message: checkMessage(consumer, 'primaryApplicantOtherLoanPaymentNotAboveLoan') }] });
  });

  it('answers for the mortgage with the same contract, its warnings beside the result', () => {
    const mortgage = { ...validMortgage(), primaryApplicantGrossMonthlyIncome: 25000 };
    const { code, out } = run('mortgage', file('mortgage.json', mortgage));
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({ valid: true, errors: [], warnings: [{ field: 'primaryApplicantGrossMonthlyIncome', message: '* Tarkista, että bruttotulojen arvo on oikein' }] });
    expect(JSON.parse(run('mortgage', file('mortgage.json', mortgage), '--step', '1').out)).toEqual({ valid: true, errors: [] });
    const bad = run('mortgage', file('mortgage-bad.json', { ...validMortgage(), inputAppliedAmount: 9999 }), '--step', '1');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).errors).toEqual([{ field: 'inputAppliedAmount', message: 'Vähintään 10000' }]);
  });

  it('answers for the business form with the same contract', () => {
    expect(JSON.parse(run('business', file('business.json', validBusiness())).out)).toEqual({ valid: true, errors: [] });
    const bad = run('business', file('business-bad.json', { ...validBusiness(), businessIdentityCode: '0737546-3', monthlyTurnover: 499 }));
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toEqual({
      valid: false,
      errors: [
        { field: 'businessIdentityCode', message: 'Tarkasta Y-tunnus' },
        { field: 'monthlyTurnover', message: 'Vähintään 500' },
      ],
    });
  });

  it('answers for the insurance with the same contract, the fee checked against the price table', () => {
    expect(JSON.parse(run('insurance', file('insurance.json', validInsurance())).out)).toEqual({ valid: true, errors: [] });
    const bad = run('insurance', file('insurance-bad.json', { ...validInsurance(), paymentTier: 250, assureAge: false }));
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).errors.map((error: { field: string }) => error.field).sort()).toEqual(['assureAge', 'paymentTier']);
    for (const error of JSON.parse(bad.out).errors) expect(error.message).toMatch(/^[A-ZÄÖÅ]/);
  });

  it('--step checks only that step, --variant applies a variant', () => {
    const kattokorko = resolveVariants(consumer, ['kattokorko']);
    const data = { loanPurposeId: 16, inputAppliedAmount: limitOf(kattokorko, 'inputAppliedAmount', 'minimum') - 1, inputAppliedTenor: 8 };
    expect(run('consumer', file('s1.json', data), '--step', '1').code).toBe(0);
    const branded = run('consumer', file('s1.json', data), '--step', '1', '--variant', 'kattokorko');
    expect(branded.code).toBe(1);
    expect(JSON.parse(branded.out).errors).toEqual([{ field: 'inputAppliedAmount', message: limitMessage(kattokorko, 'inputAppliedAmount', 'minimum') }]);
  });

  it.each([
    [['consumer']],
    [['consumer', '/nonexistent/data.json']],
    [['nosuchform', join(dir, 'ok.json')]],
    [['consumer', join(dir, 'ok.json'), '--step', 'x']],
    [['consumer', join(dir, 'ok.json'), '--step', '9']],
    [['consumer', join(dir, 'ok.json'), '--variant', 'nope']],
    [['consumer', join(dir, 'ok.json'), '--colour']],
  ])('exits 2 on bad arguments: %j', (args) => {
    file('ok.json', validApplication());
    const { code, out, err } = run(...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.length).toBeGreaterThan(0);
  });

  it('exits 2 on a file that is not JSON', () => {
    expect(run('consumer', file('broken.json', '{nope')).code).toBe(2);
  });

  // JSON that is not an object cannot be an application: bad input (2), not
  // "invalid" (1), since there are no field errors to report for it.
  it.each([['null'], ['[]'], ['[{"inputAppliedAmount": 500}]'], ['42']])('exits 2 on data that is not a JSON object: %s', (content) => {
    const { code, out, err } = run('consumer', file('not-object.json', content));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/not-object\.json: odotettiin JSON-oliota/);
  });

  it('exits 2 naming the document, path and problem when the form document is broken', () => {
    const doc = mini();
    doc.steps[0].sections[0].fields.push('nope');
    const form = file('broken-form.json', doc);
    const { code, out, err } = run(form, file('ok.json', validApplication()));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('broken-form.json');
    expect(err).toContain('/steps/0/sections/0/fields/4: kenttää "nope" ei ole skeemassa');
  });

  // Each variant applies on its own (so forms:check passes), but together the second
  // replaces what the first removed: the engine throws an error of its own, which
  // must not come out as exit 1 ("invalid data") with a stack trace.
  it('exits 2 with a message on an unexpected failure inside the engine', () => {
    const doc = mini();
    doc.variants.brand.push({ op: 'remove', path: '/schema/properties/years/default' });
    doc.variants.short.push({ op: 'replace', path: '/schema/properties/years/default', value: 5 });
    const form = file('clashing-variants.json', doc);
    const data = file('mini-ok.json', miniApplication);
    expect(run(form, data, '--variant', 'brand').code).toBe(0);
    const { code, out, err } = run(form, data, '--variant', 'brand+short');
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^form:validate: odottamaton virhe: /);
    expect(err).toMatch(/years\/default|OPERATION_PATH_UNRESOLVABLE|Cannot perform/);
  });
});
