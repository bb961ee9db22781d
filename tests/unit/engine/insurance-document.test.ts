// The payment-protection insurance's form document (issue 27, spec §3 "Insurance
// application", §5 "Insurance form", §9): the spec's fields and messages, the fee derived
// from the price table in forms/ (the browser's figure is never what is stored), and
// forms:check refusing a table that leaves an age or a tier without a price.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insurancePremium, type PremiumTable } from '../../../custom-validators/insurance-premium.ts';
import { checkDocument } from '../../../engine/core/check.ts';
import { compileSchema } from '../../../engine/core/compile.ts';
import { createFormRuntime } from '../../../engine/core/runtime.ts';
import { evaluate } from '../../../engine/core/logic.ts';
import { loadFormRuntime, readFormSource } from '../../../engine/core/node.ts';
import { compileRule } from '../../../engine/core/rule-compiler.ts';
import { sensitiveFields } from '../../../engine/core/sensitive.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import { errorMap } from './helpers.ts';
import { validInsurance } from '../../fixtures/insurance-valid.ts';

const runtime = loadFormRuntime('insurance');
const doc = runtime.document;
const table = doc.constants!.insurancePremiums as PremiumTable;
const ASSURANCES = ['assureAge', 'hasWorked', 'assureInformation'];

const valid = validInsurance;
const errorsOf = (change: Record<string, unknown>) => errorMap(runtime.validate({ ...valid(), ...change }));
const premiumOf = (tier: number, age: number) => table.bands.find((band) => age >= band.minAge && age <= band.maxAge)!.premiums[table.tiers.indexOf(tier)];
const withTable = (change: (t: PremiumTable) => void): FormDocument => {
  const copy = structuredClone(doc);
  change(copy.constants!.insurancePremiums as PremiumTable);
  return copy;
};

describe('the insurance document', () => {
  it('passes forms:check with the spec’s fields: the fee derived, never typed', () => {
    expect(readFormSource('insurance').findings).toEqual([]);
    expect(runtime.fieldIds).toEqual(['paymentTier', 'appliedDueDate', 'age', 'firstName', 'lastName', 'address', 'zip', 'city', 'phone', 'email', ...ASSURANCES, 'monthlyPayment']);
    expect(Object.keys(doc.rules?.derived ?? {})).toEqual(['monthlyPayment']);
    for (const field of ['age', 'firstName', 'lastName', 'monthlyPayment']) expect(doc.schema.properties[field].readOnly, field).toBe(true);
  });

  it('has the tier slider 200–700 in steps of 100, default 200, and due dates every month has', () => {
    expect(doc.schema.properties.paymentTier).toMatchObject({ type: 'integer', minimum: 200, maximum: 700, multipleOf: 100, default: 200 });
    expect(doc.ui?.paymentTier).toMatchObject({ 'ui:widget': 'amountSlider', 'ui:options': { step: 100 } });
    const days = (doc.schema.properties.appliedDueDate.oneOf as Array<{ const: number }>).map((option) => option.const);
    expect(days).toEqual([1, 15, 28]);
    expect(Math.max(...days)).toBeLessThanOrEqual(28);
    expect(errorsOf({ paymentTier: 250 })).toEqual({ paymentTier: 'Valitse taso sadan euron välein' });
    expect(errorsOf({ paymentTier: 800 })).toEqual({ paymentTier: 'Enintään 700' });
    expect(errorsOf({ appliedDueDate: 31 })).toEqual({ appliedDueDate: 'Valitse jokin vaihtoehdoista' });
  });

  it('requires the tier, the due date and the three assurances with "Pakollinen tieto", in the spec’s words', () => {
    expect(runtime.validate(valid())).toMatchObject({ valid: true, errors: [] });
    for (const field of ['paymentTier', 'appliedDueDate', ...ASSURANCES]) {
      const data: Record<string, unknown> = valid();
      delete data[field];
      expect(errorMap(runtime.validate(data)), field).toEqual({ [field]: 'Pakollinen tieto' });
    }
    for (const field of ASSURANCES) expect(errorsOf({ [field]: false }), field).toEqual({ [field]: 'Pakollinen tieto' });
    const text = ASSURANCES.map((field) => doc.schema.properties[field].title).join(' ');
    for (const phrase of ['18–63-vuotias', 'terve', '6 kuukautta', '16 tuntia viikossa', '64 tuntia kuukaudessa', 'Suomessa viimeiset 12 kuukautta', 'vastuu alkaa 30 päivän kuluttua', 'eikä tältä ajalta peritä vakuutusmaksua'])
      expect(text).toContain(phrase);
  });

  it('checks phone and e-mail with the same rules and messages as the customer’s details', () => {
    expect(errorsOf({ phone: '040' })).toEqual({ phone: 'Puhelinnumero on liian lyhyt' });
    expect(errorsOf({ email: 'maija@' })).toEqual({ email: 'Sähköpostin muoto on virheellinen' });
    expect(errorsOf({ zip: '123' })).toEqual({ zip: 'Tarkista postinumero' });
    expect(doc.ui?.zip).toMatchObject({ 'ui:widget': 'postalCode', 'ui:options': { cityField: 'city' } });
    expect(sensitiveFields(doc)).toEqual(expect.arrayContaining(['age', 'firstName', 'lastName', 'address', 'zip', 'city', 'phone', 'email']));
  });

  it('derives the stored fee from the table for every tier and age 18–63, whatever the browser sent', () => {
    expect(table.ages).toEqual({ min: 18, max: 63 });
    expect(table.tiers).toEqual([200, 300, 400, 500, 600, 700]);
    const derived = doc.rules!.derived!.monthlyPayment;
    const compiled = compileRule(derived, { constants: doc.constants });
    for (let age = 18; age <= 63; age++) {
      for (const tier of table.tiers) {
        const data = { paymentTier: tier, age, monthlyPayment: 0.01 };
        expect(runtime.prepare(data).monthlyPayment, `${tier} € / ${age} v`).toBe(premiumOf(tier, age));
        expect(evaluate(derived, data, { constants: doc.constants })).toBe(premiumOf(tier, age));
        expect(compiled(data)).toBe(premiumOf(tier, age));
      }
    }
    const stored = runtime.validate({ ...valid(), monthlyPayment: 1 });
    expect(stored.valid).toBe(true);
    expect(stored.data.monthlyPayment).toBe(premiumOf(300, 41));
    expect(premiumOf(300, 41)).toBe(15.9);
    // A higher tier or an older band never costs less.
    for (const band of table.bands) band.premiums.forEach((premium, i) => i > 0 && expect(premium).toBeGreaterThan(band.premiums[i - 1]));
    table.bands.forEach((band, b) => b > 0 && band.premiums.forEach((premium, i) => expect(premium).toBeGreaterThan(table.bands[b - 1].premiums[i])));
  });

  it('prices nothing it cannot: half-typed input, an unknown tier or an age outside the table', () => {
    expect(insurancePremium(undefined, 40, table)).toBeNull();
    expect(insurancePremium('300', 40, table)).toBeNull();
    expect(insurancePremium(250, 40, table)).toBeNull();
    expect(insurancePremium(300, 17, table)).toBeNull();
    expect(insurancePremium(300, 64, table)).toBeNull();
    expect(insurancePremium(300, 40.5, table)).toBeNull();
    expect(insurancePremium(300, 40, null)).toBeNull();
    expect(insurancePremium(300, 40, { tiers: [300], bands: [{ minAge: 18, maxAge: 63, premiums: [0] }] })).toBeNull();
  });

  it('refuses an application outside the service’s ages 20–63 with a Finnish message', () => {
    expect(errorsOf({ age: 19 })).toEqual({ age: 'Maksuturvaa voi hakea 20–63-vuotias' });
    expect(errorsOf({ age: 20 })).toEqual({});
    expect(errorsOf({ age: 63 })).toEqual({});
    expect(errorsOf({ age: 64 })).toEqual({ age: 'Maksuturvaa voi hakea 20–63-vuotias' });
    expect(errorsOf({ age: undefined })).toEqual({ age: 'Ikää ei tiedetä: kirjaudu uudelleen' });
  });

  it('refuses to store an application the table cannot price, should a table with a gap ever run', () => {
    // forms:check (and so the server's load) refuses this document; the runtime is built past it.
    const gap = withTable((t) => t.bands.splice(2, 1));
    const broken = createFormRuntime(gap, compileSchema(gap));
    expect(errorMap(broken.validate({ ...valid(), age: 41 }))).toEqual({ paymentTier: 'Kuukausimaksua ei voitu laskea. Tarkista valittu taso.' });
    expect(broken.validate({ ...valid(), age: 41 }).data.monthlyPayment).toBeUndefined();
    expect(errorMap(broken.validate({ ...valid(), age: 39 }))).toEqual({});
  });

  it('forms:check refuses a table that leaves an age or a tier without a price, in Finnish, at the table', () => {
    expect(checkDocument(doc)).toEqual([]);
    const at = '/constants/insurancePremiums';
    expect(checkDocument(withTable((t) => t.bands.splice(2, 1)))).toEqual([
      { path: `${at}/bands`, message: 'hintataulukosta puuttuu hinta iälle 40–49: jokaisen iän 18–63 pitää kuulua yhteen ikäryhmään' },
    ]);
    expect(checkDocument(withTable((t) => (t.bands[4].maxAge = 62)))).toEqual([
      { path: `${at}/bands`, message: 'hintataulukosta puuttuu hinta iälle 63: jokaisen iän 18–63 pitää kuulua yhteen ikäryhmään' },
    ]);
    expect(checkDocument(withTable((t) => t.bands[0].premiums.pop()))).toEqual([
      { path: `${at}/bands/0/premiums/5`, message: 'ikäryhmältä 18–29 puuttuu hinta tasolle 700 € (positiivinen euromäärä, enintään kaksi desimaalia)' },
    ]);
    expect(checkDocument(withTable((t) => (t.bands[1].premiums[0] = 9.205)))).toEqual([
      { path: `${at}/bands/1/premiums/0`, message: 'ikäryhmältä 30–39 puuttuu hinta tasolle 200 € (positiivinen euromäärä, enintään kaksi desimaalia)' },
    ]);
    expect(checkDocument(withTable((t) => (t.bands[1].minAge = 29)))).toEqual([{ path: `${at}/bands/1`, message: 'ikä 29 kuuluu jo ikäryhmään 1: ikäryhmät eivät saa olla päällekkäin' }]);
    expect(checkDocument(withTable((t) => t.tiers.pop()))).toEqual([
      { path: `${at}/tiers`, message: 'hintataulukon tasojen pitää olla kentän "paymentTier" arvot järjestyksessä: 200, 300, 400, 500, 600, 700' },
    ]);
    expect(checkDocument(withTable((t) => t.bands[3].premiums.push(50)))).toEqual([{ path: `${at}/bands/3/premiums`, message: 'ikäryhmällä 50–57 on enemmän hintoja (7) kuin tasoja (6)' }]);
    // The slider grows to 800 and the table does not: the editor hears of it.
    const wider = structuredClone(doc);
    wider.schema.properties.paymentTier.maximum = 800;
    expect(checkDocument(wider).map((f) => f.path)).toEqual([`${at}/tiers`, ...[0, 1, 2, 3, 4].map((b) => `${at}/bands/${b}/premiums/6`)]);
    expect(checkDocument(wider)[1].message).toBe('ikäryhmältä 18–29 puuttuu hinta tasolle 800 € (positiivinen euromäärä, enintään kaksi desimaalia)');
    const missing = structuredClone(doc);
    delete missing.constants!.insurancePremiums;
    expect(checkDocument(missing).map((f) => f.message)).toContain('hintataulukkoa ei ole tai se ei ole olio (ages, tiers, bands)');
  });

  it('answers form:validate insurance with the same contract as the other documents', () => {
    const dir = mkdtempSync(join(tmpdir(), 'insurance-validate-'));
    const write = (name: string, data: unknown) => {
      writeFileSync(join(dir, name), JSON.stringify(data));
      return join(dir, name);
    };
    const root = resolve(import.meta.dirname, '../../..');
    const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', 'tools/form-validate.ts', 'insurance', file], { cwd: root, encoding: 'utf8' });
    const ok = run(write('ok.json', valid()));
    expect([ok.status, JSON.parse(ok.stdout)]).toEqual([0, { valid: true, errors: [] }]);
    const bad = run(write('bad.json', { ...valid(), assureAge: false, age: 64 }));
    expect([bad.status, JSON.parse(bad.stdout)]).toEqual([
      1,
      { valid: false, errors: [{ field: 'age', message: 'Maksuturvaa voi hakea 20–63-vuotias' }, { field: 'assureAge', message: 'Pakollinen tieto' }] },
    ]);
  });
});
