// The generated cases tell apart what an editor can change in a one-step form's messages:
// a text one over or under its length limit (any text field, a Finnish keyword's or a
// pattern's too), an answer of the wrong JSON type, a read-only field's limits, an empty
// optional text, and the day someone turns a keyword's minimum age. Mutants no input can
// tell apart are not made. Before this, login, user-details, insurance and login-code
// scored 66,7–75,7 % and could never be published (gate: 90 %).
import { describe, expect, it } from 'vitest';
import { readFormDocument, runtimeForDocument } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';
import { passes, type TestCase } from '../../../engine/qa/cases.ts';
import { fieldMessageShown, lengthDecidedByPattern, patternLengths } from '../../../engine/qa/equivalence.ts';
import { generateCases } from '../../../engine/qa/generate.ts';
import { mutationsOf } from '../../../engine/qa/mutate.ts';
import { DEFAULT_THRESHOLD, qaVerdict } from '../../../engine/qa/verdict.ts';

describe('the one-step forms pass the publishing gate', () => {
  for (const form of ['login', 'user-details', 'insurance', 'login-code']) {
    it(`${form}: every mutant scored is killed, no self-check failure`, () => {
      const verdict = qaVerdict(undefined, readFormDocument(form), { runtimeFor: runtimeForDocument });
      expect(verdict.candidate.selfCheckFailures).toEqual([]);
      expect(verdict.mutation!.survivors).toEqual([]);
      expect(verdict.mutation!.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
      expect(verdict.passes).toBe(true);
    }, 60_000);
  }
});

/** login-code's document with a few more fields of the kinds the generator has to handle. */
function fixture(): FormDocument {
  const doc = readFormDocument('login-code');
  Object.assign(doc.schema.properties, {
    ssn: { type: 'string', title: 'Hetu', minLength: 10, maxLength: 20, fiPersonalId: { minAge: 18 } },
    note: { type: 'string', title: 'Lisätieto', minLength: 1, maxLength: 5 },
    age: { type: 'integer', title: 'Ikä', readOnly: true, minimum: 20, maximum: 63 },
  });
  doc.steps[0].sections[0].fields.push('ssn', 'note', 'age');
  Object.assign(doc.labels, { ssn: 'Hetu', note: 'Lisätieto', age: 'Ikä' });
  doc.rules!.required = { ...doc.rules!.required, ssn: true, age: true };
  Object.assign(doc.messages, {
    minLength: 'Vähintään {limit} merkkiä',
    maxLength: 'Enintään {limit} merkkiä',
    minimum: 'Vähintään {limit}',
    maximum: 'Enintään {limit}',
    'type.integer': 'Vain numeroita',
    type: 'Väärä tyyppi',
    'fiPersonalId.underage': 'Alaikäinen',
    'fiPersonalId.tooLong': 'Liian pitkä hetu',
    'fiPersonalId.invalid': 'Virheellinen hetu',
    'fiPersonalId.checksum': 'Tarkistusmerkki ei täsmää',
  });
  doc.fieldMessages = { otp: { maxLength: 'Koodissa on kuusi numeroa' }, note: { pattern: 'Ei kuviota', maxLength: 'Liian pitkä lisätieto' }, age: { type: 'Tarkista ikä', minimum: 'Liian nuori' } };
  return doc;
}

describe('new cases on a fixture document', () => {
  const doc = fixture();
  const set = generateCases(doc, [], { runtimeFor: runtimeForDocument });
  const byId = new Map(set.cases.map((c) => [c.id, c]));
  const errorOf = (id: string) => {
    const testCase = byId.get(id);
    expect(testCase, id).toBeDefined();
    return testCase!.expected.valid ? null : testCase!.expected.errors;
  };
  const runtime = runtimeForDocument(doc, []);

  it('every case gets exactly its expected result from the engine', () => {
    const wrong = set.cases.filter((c: TestCase) => !passes(runtime, c)).map((c) => c.id);
    expect(wrong).toEqual([]);
  });

  it("a keyword field one over or under its length limit shows the limit's message", () => {
    expect([...(byId.get('base:boundary:ssn:maxLength 20 yli')!.data.ssn as string)]).toHaveLength(21);
    expect(errorOf('base:boundary:ssn:maxLength 20 yli')).toEqual([{ field: 'ssn', message: 'Enintään 20 merkkiä' }]);
    expect([...(byId.get('base:boundary:ssn:minLength 10 alle')!.data.ssn as string)]).toHaveLength(9);
    expect(errorOf('base:boundary:ssn:minLength 10 alle')).toEqual([{ field: 'ssn', message: 'Vähintään 10 merkkiä' }]);
  });

  it('a pattern no longer text can meet still gets its too-long case, normalised to that length', () => {
    const value = byId.get('base:boundary:otp:maxLength 6 yli')!.data.otp as string;
    expect(value.replace(/\s+/g, '')).toHaveLength(7);
    expect(errorOf('base:boundary:otp:maxLength 6 yli')).toEqual([{ field: 'otp', message: 'Koodissa on kuusi numeroa' }]);
  });

  it('an empty optional text is one character short, a required one is missing', () => {
    expect(byId.get('base:boundary:note:minLength 1 alle')!.data.note).toBe('');
    expect(errorOf('base:boundary:note:minLength 1 alle')).toEqual([{ field: 'note', message: 'Vähintään 1 merkkiä' }]);
  });

  it('wrong JSON types: a number for text, a number as text (its value and its limits)', () => {
    expect(errorOf('base:type:otp:12345')).toEqual([{ field: 'otp', message: 'Väärä tyyppi' }]);
    const age = byId.get('base:valid:default')!.data.age as number;
    // `type.integer` is looked up before the field's own `type`: "Tarkista ikä" is never shown.
    expect(errorOf(`base:type:age:${JSON.stringify(String(age))}`)).toEqual([{ field: 'age', message: 'Vain numeroita' }]);
    expect(errorOf('base:type:age:"63"')).toEqual([{ field: 'age', message: 'Vain numeroita' }]);
  });

  it("a read-only field's limits are cases too (the server fills it before validating)", () => {
    expect(errorOf('base:boundary:age:minimum 20 alle')).toEqual([{ field: 'age', message: 'Liian nuori' }]);
    expect(errorOf('base:boundary:age:maximum 63 yli')).toEqual([{ field: 'age', message: 'Enintään 63' }]);
  });

  it('the day someone turns the minimum age passes, the day before does not', () => {
    const edges = set.cases.filter((c) => c.id.startsWith('base:keyword:ssn:fiPersonalId.edge:'));
    expect(edges.map((c) => c.expected)).toEqual([{ valid: true }, { valid: false, errors: [{ field: 'ssn', message: 'Alaikäinen' }] }].slice(2 - edges.length));
    expect(edges.length).toBeGreaterThanOrEqual(1);
  });
});

describe('mutants no input can tell apart are not made', () => {
  const ids = new Set(mutationsOf(fixture()).map((m) => m.id));

  it("a field message of a keyword the field lacks, or a `type` that `type.integer` comes before", () => {
    expect(ids.has('fieldMessages/note/pattern')).toBe(false);
    expect(ids.has('fieldMessages/age/type')).toBe(false);
    expect(ids.has('fieldMessages/note/maxLength')).toBe(true);
    expect(ids.has('fieldMessages/age/minimum')).toBe(true);
  });

  it('a length limit change the pattern overrules with the same message (login code: ^[0-9]{6}$, maxLength 6 → 7)', () => {
    expect(ids.has('schema/properties/otp/maxLength+1')).toBe(false);
    expect(ids.has('schema/properties/otp/maxLength-1')).toBe(true);
    const doc = fixture();
    const otp = doc.schema.properties.otp;
    expect(lengthDecidedByPattern(doc, 'otp', otp, 'maxLength', 1)).toBe(true);
    // With its own message the limit is told apart at length 7.
    doc.fieldMessages!.otp.maxLength = 'Enintään kuusi';
    expect(lengthDecidedByPattern(doc, 'otp', otp, 'maxLength', 1)).toBe(false);
  });

  it('reads the lengths of simple anchored patterns only', () => {
    expect(patternLengths('^[0-9]{6}$')).toEqual({ min: 6, max: 6 });
    expect(patternLengths('^\\d{2,4}-?[A-Z]+$')).toEqual({ min: 3, max: Infinity });
    expect(patternLengths('^[A-Za-zÅÄÖåäö -]+$')).toEqual({ min: 1, max: Infinity });
    expect(patternLengths('^[\\]x]{3}$')).toEqual({ min: 3, max: 3 });
    expect(patternLengths('^(ab|c)$')).toBeNull();
    expect(patternLengths('[0-9]{6}')).toBeNull();
    expect(patternLengths('^\\bx$')).toBeNull();
  });

  it('counts unknown keys and fields as shown', () => {
    const doc = fixture();
    expect(fieldMessageShown(doc, 'otp', 'x-own')).toBe(true);
    expect(fieldMessageShown(doc, 'nosuch', 'pattern')).toBe(true);
    expect(fieldMessageShown(doc, 'ssn', 'fiPersonalId.underage')).toBe(true);
    expect(fieldMessageShown(doc, 'otp', 'fiPersonalId.underage')).toBe(false);
  });
});
