// The QA verdict on a new version of a form document (issue 29 item 6): what changes
// for applicants against the live version, grouped by field with the Finnish messages,
// and a mutation score that fails the version when its generated suite is too weak.
// Edits are made to the fixture document (tests/fixtures/forms/mini.json, four variant
// sets, under a second to generate); the consumer's own check runs its base set only
// (18–65 s on the shared 2-core machine, hence the long timeouts, as in tests/unit/qa).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../engine/core/node.ts';
import type { FormDocument, JsonSchema } from '../../engine/core/types.ts';
import { qaVerdict } from '../../engine/qa/verdict.ts';

const MINI = join(import.meta.dirname, '../fixtures/forms/mini.json');
const mini = () => readFormDocument(MINI);
const edited = (edit: (doc: FormDocument) => void) => {
  const doc = mini();
  edit(doc);
  return doc;
};
// Diff tests need no full mutation run; the score has its own tests below.
const quick = { runtimeFor: runtimeForDocument, mutationSample: 10 };

describe('QA verdict', () => {
  it('consumer.json against itself: no outcome changes, no self-check failures, passes', () => {
    const consumer = readFormDocument('consumer');
    const verdict = qaVerdict(consumer, structuredClone(consumer), { runtimeFor: runtimeForDocument, variantSets: [[]], mutationSample: 40 });
    expect(verdict.candidate.cases).toBeGreaterThan(500);
    expect(verdict.candidate.selfCheckFailures).toEqual([]);
    expect(verdict.behaviour).toMatchObject({ compared: verdict.candidate.cases, changed: 0, fields: [], cases: [], missingVariantSets: [] });
    expect(verdict.mutation).toMatchObject({ total: 40, sampled: true });
    expect(verdict.mutation!.score).toBeGreaterThanOrEqual(0.9);
    expect(verdict).toMatchObject({ passes: true, reasons: [] });
  }, 180_000);

  it('a raised amount minimum lists the amount cases whose outcome changes, with the old and new Finnish message, in the variant sets it reaches', () => {
    const live = mini();
    const candidate = edited((doc) => (doc.schema.properties.amount.minimum = 200));
    const verdict = qaVerdict(live, candidate, quick);

    expect(verdict.candidate.variantSets.map((s) => s.variant)).toEqual(['base', 'brand', 'short', 'brand+short']);
    expect(verdict.candidate.selfCheckFailures).toEqual([]);
    const behaviour = verdict.behaviour!;
    expect(behaviour.fields).toEqual([
      {
        field: 'amount',
        label: 'Summa',
        count: 6,
        changes: [
          { before: null, after: 'Vähintään 200', count: 4, examples: expect.arrayContaining(['base:boundary:amount:minimum 100', 'short:boundary:amount:minimum 100 yli']) },
          { before: 'Vähintään 100', after: 'Vähintään 200', count: 2, examples: ['base:boundary:amount:minimum 100 alle', 'short:boundary:amount:minimum 100 alle'] },
        ],
      },
    ]);
    expect(behaviour.outcomes).toEqual({ validToInvalid: 4, invalidToValid: 0, messageChanged: 2 });
    // The brand variant sets its own minimum (500), which the edit does not reach.
    expect(behaviour.cases.map((c) => c.variant)).not.toContain('brand');
    expect(behaviour.cases.find((c) => c.id === 'base:boundary:amount:minimum 100')).toMatchObject({
      outcome: 'validToInvalid',
      before: { valid: true },
      after: { valid: false, errors: [{ field: 'amount', message: 'Vähintään 200' }] },
    });
  }, 60_000);

  it('a lowered maximum turns refused values valid and reports it as invalid → valid', () => {
    const verdict = qaVerdict(mini(), edited((doc) => (doc.schema.properties.partnerIncome.maximum = 9500)), quick);
    const income = verdict.behaviour!.fields.find((f) => f.field === 'partnerIncome');
    expect(income).toMatchObject({ label: 'Kumppanin tulot' });
    expect(income!.changes).toContainEqual(expect.objectContaining({ before: 'Enintään 9000', after: null }));
    expect(verdict.behaviour!.outcomes.invalidToValid).toBeGreaterThan(0);
  }, 60_000);

  it('a new required field on a step changes the outcome of the live cases of that step, all on that field', () => {
    const candidate = edited((doc) => {
      doc.schema.properties.city = { type: 'string', title: 'Kotikunta', minLength: 1, maxLength: 40 } as JsonSchema;
      doc.labels.city = 'Kotikunta';
      doc.steps.find((s) => s.id === 'person')!.sections[0].fields.push('city');
      doc.rules!.required!.city = true;
    });
    const verdict = qaVerdict(mini(), candidate, quick);

    expect(verdict.candidate.selfCheckFailures).toEqual([]);
    const behaviour = verdict.behaviour!;
    expect(behaviour.fields.map((f) => [f.field, f.label])).toEqual([['city', 'Kotikunta']]);
    expect(behaviour.fields[0].changes.every((c) => c.before === null && c.after === 'Pakollinen')).toBe(true);
    // Every complete application that was valid is now missing the field; cases of step 1 do not ask it.
    const valid = behaviour.cases.filter((c) => c.kind === 'valid');
    expect(valid.length).toBe(8);
    expect(valid.every((c) => c.outcome === 'validToInvalid')).toBe(true);
    expect(behaviour.cases.some((c) => c.id.includes(':amount:'))).toBe(false);
    expect(behaviour.changed).toBe(behaviour.fields[0].count);
  }, 60_000);

  it('a variant the candidate drops is named, its live cases are not run', () => {
    const verdict = qaVerdict(mini(), edited((doc) => delete doc.variants!.short), quick);
    expect(verdict.behaviour).toMatchObject({ changed: 0, missingVariantSets: ['short', 'brand+short'] });
    expect(verdict.candidate.variantSets.map((s) => s.variant)).toEqual(['base', 'brand']);
  }, 60_000);

  it('fails with a Finnish reason, naming survivors, when the mutation score is under the threshold', () => {
    // mini.json scores 80/87 (its survivors are the ADR 0005 known ones: minLength 1 → 0, minItems 1 → 0, …).
    const threshold = 0.95;
    const verdict = qaVerdict(undefined, mini(), { runtimeFor: runtimeForDocument, threshold });
    expect(verdict.mutation!.score).toBeLessThan(threshold);
    expect(verdict.mutation!.survivors.map((s) => s.id)).toEqual(expect.arrayContaining(['schema/properties/name/minLength-1']));
    expect(verdict.passes).toBe(false);
    expect(verdict.reasons).toHaveLength(1);
    expect(verdict.reasons[0]).toMatch(/^Generoidut testitapaukset huomaavat vain \d+,\d % lomakkeeseen tehdyistä koemuutoksista \(\d+\/\d+\); vaaditaan vähintään 95,0 %\./);
    expect(verdict.reasons[0]).toContain('name: minLength 1 → 0');
  }, 60_000);

  it('messages no case can show are no mutants: they neither lower nor raise the score', () => {
    // Texts written for keywords these fields do not have (and a `type` that `type.integer` comes before).
    const dead = { pattern: 'Tarkista summa', maxLength: 'Liian pitkä summa', multipleOf: 'Tasasumma', minLength: 'Summa puuttuu' };
    const candidate = edited((doc) => (doc.fieldMessages = { ...doc.fieldMessages, amount: dead, years: { ...doc.fieldMessages!.years, pattern: 'Tarkista vuodet', minLength: 'Vuodet puuttuvat', type: 'Tarkista vuodet' } }));
    const before = qaVerdict(undefined, mini(), { runtimeFor: runtimeForDocument });
    const verdict = qaVerdict(undefined, candidate, { runtimeFor: runtimeForDocument });
    expect(verdict.mutation).toMatchObject({ total: before.mutation!.total, killed: before.mutation!.killed });
    expect(verdict.passes).toBe(before.passes);
  }, 60_000);

  it('the threshold is a parameter: above every possible score, every version fails', () => {
    const verdict = qaVerdict(undefined, mini(), { runtimeFor: runtimeForDocument, threshold: 1.01, mutationSample: 10 });
    expect(verdict.passes).toBe(false);
    expect(verdict.reasons[0]).toContain('vaaditaan vähintään 101,0 %');
    expect(verdict.reasons[0]).toContain(', otos)');
  }, 60_000);

  it('a candidate that does not pass forms:check fails with the reason, not an exception', () => {
    const verdict = qaVerdict(mini(), edited((doc) => delete (doc.labels as Record<string, string>).amount), quick);
    expect(verdict.passes).toBe(false);
    expect(verdict.reasons[0]).toMatch(/^Versiosta ei voitu luoda testitapauksia: .*\/labels: kentältä "amount" puuttuu nimi/s);
  }, 60_000);
});
