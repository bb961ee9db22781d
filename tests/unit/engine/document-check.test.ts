// forms:check: the meta-schema and the cross-references refuse broken documents,
// naming the JSON path and what is wrong.
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../engine/core/check.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import type { FormDocument } from '../../../engine/core/types.ts';

const base = () => readFormDocument('consumer');
const broken = (edit: (doc: FormDocument & Record<string, any>) => void) => {
  const doc = base() as FormDocument & Record<string, any>;
  edit(doc);
  return checkDocument(doc);
};

describe('document check', () => {
  it('passes the shipped consumer document', () => {
    expect(checkDocument(base())).toEqual([]);
  });

  it.each<[string, (doc: any) => void, string, RegExp]>([
    ['a missing required part', (d) => delete d.messages, '/', /messages/],
    ['an unknown top-level part', (d) => (d.colour = 'red'), '/', /colour/],
    ['a step without a button', (d) => delete d.steps[0].button, '/steps/0', /button/],
    ['a step naming a missing field', (d) => d.steps[0].sections[0].fields.push('nope'), '/steps/0/sections/0/fields/4', /"nope"/],
    ['a field on two steps', (d) => d.steps[1].sections[0].fields.push('loanPurposeId'), '/steps/1/sections/0/fields/9', /jo vaiheella/],
    ['a field on no step', (d) => (d.schema.properties.orphan = { type: 'string' }), '/schema/properties/orphan', /ei ole millään vaiheella/],
    ['a field without a label', (d) => delete d.labels.inputAppliedAmount, '/labels', /inputAppliedAmount/],
    ['a rule on a missing field', (d) => (d.rules.visible.ghost = true), '/rules/visible/ghost', /"ghost"/],
    ['a rule reading a missing field', (d) => (d.rules.visible.primaryApplicantFirstnames = { var: 'ghost' }), '/rules/visible/primaryApplicantFirstnames', /"ghost"/],
    ['an unknown rule operation', (d) => (d.rules.checks[0].rule = { teleport: [1] }), '/rules/checks/0/rule', /teleport/],
    ['a missing constant', (d) => (d.rules.computed.x = { var: '$const.nothing' }), '/rules/computed/x', /\$const.nothing/],
    ['a check on a missing row property', (d) => (d.rules.checks[0].field = 'primaryApplicantOtherLoanInput.*.colour'), '/rules/checks/0/field', /colour/],
    ['a custom keyword without its messages', (d) => delete d.messages['fiIban.checksum'], '/messages', /fiIban.checksum/],
    ['an unknown schema keyword', (d) => (d.schema.properties.inputAppliedAmount.minimun = 5), '/schema', /minimun/],
    ['a summary naming a missing field', (d) => d.summary[0].fields.push('nope'), '/summary/0/fields/4', /"nope"/],
    ['a variant patching a missing path', (d) => d.variants.kattokorko.push({ op: 'replace', path: '/schema/properties/nope/minimum', value: 1 }), '/variants/kattokorko', /ei voi soveltaa/],
    ['an unknown normaliser', (d) => (d.normalize.primaryApplicantZip = 'shout'), '/normalize/primaryApplicantZip', /shout/],
    ['progress going backwards', (d) => (d.steps[2].progress = 5), '/steps/2/progress', /pienempi/],
  ])('refuses %s', (_name, edit, path, message) => {
    const findings = broken(edit);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings).toContainEqual({ path, message: expect.stringMatching(message) });
  });
});
