// The studio's outline of a written document: steps, sections and fields in order, a shared
// section's fields marked with where they come from.
import { describe, expect, it } from 'vitest';
import { buildTree, fieldKind, isTreeField, treeFields, type TreeField } from '../../../engine/core/studio/tree.ts';
import { loadSection, readSource } from './helpers.ts';

const consumer = readSource('consumer');
const business = readSource('business');

describe('the outline of consumer.json', () => {
  const tree = buildTree(consumer, loadSection);

  it('lists the steps in order with their sections', () => {
    expect(tree.kind).toBe('document');
    expect(tree.steps.map((step) => [step.number, step.id, step.title])).toEqual([
      [1, 'loan', 'Laina'],
      [2, 'basics', 'Perustiedot'],
      [3, 'housing', 'Asumistiedot'],
      [4, 'work', 'Työ- ja koulutustiedot'],
      [5, 'loans', 'Lainat ja luottokortit'],
      [6, 'coApplicant', 'Kanssahakijan tiedot'],
      [7, 'finish', 'Tilinumero ja suostumukset'],
    ]);
    expect(tree.steps[1].sections.map((section) => section.title)).toEqual(['Hakijan tiedot', 'Kanssahakijan tiedot']);
  });

  it("gives the document's own fields their label, question and kind", () => {
    const first = tree.steps[0].sections[0].entries as TreeField[];
    expect(first.map((field) => [field.id, field.kind])).toEqual([
      ['loanPurposeId', 'choice'],
      ['inputAppliedAmount', 'slider'],
      ['inputAppliedTenor', 'slider'],
      ['hasCoApplicant', 'checkbox'],
    ]);
    expect(first[3]).toMatchObject({ label: 'Kanssahakija', question: 'Haen lainaa yhdessä kanssahakijan kanssa' });
    expect(first.every((field) => field.from === undefined)).toBe(true);
  });

  it("marks a section's fields with the section and party, named as the party's", () => {
    const [primary, co] = tree.steps[1].sections.map((section) => section.entries as TreeField[]);
    expect(primary[1]).toMatchObject({ id: 'Firstnames', flatId: 'primaryApplicantFirstnames', label: 'Etunimet', from: { section: 'identity', party: 'primaryApplicant' } });
    expect(co[1]).toMatchObject({ id: 'Firstnames', flatId: 'coApplicantFirstnames', label: 'Kanssahakijan etunimet', from: { section: 'identity', party: 'coApplicant' } });
    const work = tree.steps[3].sections[0].entries as TreeField[];
    expect(work.find((field) => field.id === 'WorkStartMonth')?.kind).toBe('month-year');
    expect(work.find((field) => field.id === 'GrossMonthlyIncome')?.kind).toBe('money');
    const loans = tree.steps[4].sections[1].entries as TreeField[];
    expect(loans.find((field) => field.id === 'MortgageInput')?.kind).toBe('rows');
    // Derived fields are computed, not asked: no step shows them.
    expect(loans.some((field) => field.id === 'Mortgage')).toBe(false);
  });

  it("keeps the document's own fields among the included ones in the written order", () => {
    expect((tree.steps[4].sections[2].entries as TreeField[]).map((field) => field.id)).toEqual(['useLoanForCarboat', 'useLoanForStudentLoan', 'useLoanForOtherLoan']);
    expect(tree.derived.map((field) => field.id)).toEqual(['appliedAmount', 'appliedTenor', 'useLoanForOtherLoans']);
    expect(tree.derived.every((field) => field.kind === 'derived')).toBe(true);
  });

  it('says which section goes where when the sections are not at hand', () => {
    const bare = buildTree(consumer);
    expect(bare.steps[1].sections[1].entries).toEqual([{ include: { section: 'identity', party: 'coApplicant' } }]);
    expect(bare.steps[0].sections[0].entries.every(isTreeField)).toBe(true);
    const missing = buildTree(consumer, () => undefined);
    expect(missing.steps[2].sections[0].entries).toEqual([{ include: { section: 'housing', party: 'primaryApplicant' } }]);
  });
});

describe('the outline of business.json', () => {
  it("lists the one step's sections, the included fields cut to what business keeps", () => {
    const tree = buildTree(business, loadSection);
    expect(tree.steps).toHaveLength(1);
    const [money, applicant, company] = tree.steps[0].sections;
    expect((money.entries as TreeField[]).map((field) => [field.id, field.kind])).toEqual([
      ['appliedAmount', 'slider'],
      ['appliedTenor', 'choice'],
      ['loanPurposeId', 'choice'],
    ]);
    const fromSections = applicant.entries as TreeField[];
    expect(fromSections.map((field) => field.id)).toEqual(['PersonalIdentificationNumber', 'Firstnames', 'Lastname', 'Mobilephone', 'Email', 'Address', 'Zip', 'City']);
    expect(fromSections.map((field) => field.from?.section)).toEqual(['identity', 'identity', 'identity', 'identity', 'identity', 'housing', 'housing', 'housing']);
    expect(fromSections.find((field) => field.id === 'Zip')?.kind).toBe('postal-code');
    expect((company.entries as TreeField[]).map((field) => field.kind)).toContain('money');
    expect(treeFields(tree).length).toBe(3 + 8 + 12);
  });
});

describe('a section source', () => {
  it('is one step of its fields in order', () => {
    const identity = loadSection('identity') as Record<string, unknown>;
    const tree = buildTree(identity);
    expect(tree.kind).toBe('section');
    expect(tree.steps).toHaveLength(1);
    expect((tree.steps[0].sections[0].entries as TreeField[]).map((field) => field.id).slice(0, 3)).toEqual(['PersonalIdentificationNumber', 'Firstnames', 'Lastname']);
  });
});

describe('field kinds', () => {
  it('reads the kind from the widget, then the schema', () => {
    expect(fieldKind({ schema: { type: 'string' } })).toBe('text');
    expect(fieldKind({ schema: { type: 'integer', oneOf: [] } })).toBe('choice');
    expect(fieldKind({ schema: { type: 'number' }, ui: { 'ui:widget': 'money' } })).toBe('money');
    expect(fieldKind({ schema: { type: 'number' } })).toBe('number');
    expect(fieldKind({ schema: { type: 'string' }, ui: { 'ui:widget': 'email' } })).toBe('email');
    expect(fieldKind({ schema: { type: 'array' } })).toBe('rows');
    expect(fieldKind({ schema: { type: 'number' }, derived: { var: 'x' } })).toBe('derived');
  });
});
