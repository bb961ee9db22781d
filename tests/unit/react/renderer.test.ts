// The renderer's pure parts: ids, the RJSF validator adapter, summary values, year
// lists, input widths. Components are exercised in the browser by tests/e2e.
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { schemaDefaults } from '../../../engine/react/defaults.ts';
import { displayValue } from '../../../engine/react/display.ts';
import { engineValidator, matchesShape, toErrorSchema } from '../../../engine/react/engine-validator.ts';
import { describedBy, fieldDomId, fieldFromDomId } from '../../../engine/react/ids.ts';
import { withUnit } from '../../../engine/react/format.ts';
import type { RendererMessages } from '../../../engine/react/messages.ts';
import { inputWidth } from '../../../engine/react/widgets/TextWidget.tsx';
import { yearChoices } from '../../../engine/react/widgets/YearSelectWidget.tsx';
import { renderer } from '../../../src/app/messages/index.ts';
import { validApplication } from '../../fixtures/consumer-valid.ts';
import { limitMessage, limitOf } from '../engine/helpers.ts';

const runtime = loadFormRuntime('consumer');
const messages: RendererMessages = renderer;

describe('field ids', () => {
  it('round-trips a list row path', () => {
    expect(fieldDomId('primaryApplicantMortgageInput.0.loan')).toBe('field--primaryApplicantMortgageInput--0--loan');
    expect(fieldFromDomId(fieldDomId('primaryApplicantMortgageInput.0.loan'))).toBe('primaryApplicantMortgageInput.0.loan');
    expect(fieldFromDomId('step-2')).toBeNull();
  });

  it('describes a control only by what is rendered', () => {
    expect(describedBy('x', {})).toBeUndefined();
    expect(describedBy('x', { help: true, error: true })).toBe('x__help x__error');
  });
});

describe('the RJSF validator adapter', () => {
  it('nests engine errors into an RJSF error schema', () => {
    expect(toErrorSchema([{ field: 'a', message: 'A' }, { field: 'list.1.loan', message: 'L' }])).toEqual({
      a: { __errors: ['A'] },
      list: { 1: { loan: { __errors: ['L'] } } },
    });
  });

  it('answers RJSF from the runtime for the whole form and structurally for oneOf options', () => {
    const validator = engineValidator(runtime);
    const root = runtime.document.schema as never;
    expect(validator.isValid(root, validApplication(), root)).toBe(true);
    const below = limitOf(runtime.document, 'inputAppliedAmount', 'minimum') - 1;
    const message = limitMessage(runtime.document, 'inputAppliedAmount', 'minimum');
    expect(validator.isValid(root, { ...validApplication(), inputAppliedAmount: below }, root)).toBe(false);
    expect(matchesShape({ const: 19, title: 'x' }, 19)).toBe(true);
    expect(matchesShape({ const: 19 }, 16)).toBe(false);
    expect(matchesShape({ type: 'integer' }, 2.5)).toBe(false);
    const { errors, errorSchema } = validator.validateFormData({ inputAppliedAmount: below }, root);
    expect(errors.find((e) => e.property === '.inputAppliedAmount')?.message).toBe(message);
    expect(errorSchema.inputAppliedAmount?.__errors).toEqual([message]);
  });
});

describe('summary values', () => {
  const doc = runtime.document;
  it('shows option titles, yes/no, money with euros and plain text', () => {
    const option = (doc.schema.properties.loanPurposeId.oneOf as Array<{ const: number; title: string }>).at(-1)!;
    expect(displayValue(doc, 'loanPurposeId', option.const, messages)).toBe(option.title);
    expect(displayValue(doc, 'hasCoApplicant', false, messages)).toBe('Ei');
    expect(displayValue(doc, 'primaryApplicantVisa', true, messages)).toBe('Kyllä');
    expect(displayValue(doc, 'inputAppliedAmount', 15000, messages)).toBe('15\u00a0000\u00a0€');
    expect(displayValue(doc, 'primaryApplicantGrossMonthlyIncome', 3800.5, messages)).toBe('3\u00a0800,5\u00a0€');
    expect(displayValue(doc, 'primaryApplicantFirstnames', 'Maija', messages)).toBe('Maija');
    expect(displayValue(doc, 'primaryApplicantAddress', '', messages)).toBeNull();
  });

  it('uses the singular unit for one', () => {
    expect(withUnit(1, 'vuotta', 'vuosi')).toBe('1\u00a0vuosi');
    expect(withUnit(8, 'vuotta', 'vuosi')).toBe('8\u00a0vuotta');
  });
});

describe('widgets', () => {
  it('lists the years the fiYear keyword accepts, latest first for past ranges', () => {
    const today = new Date('2026-06-15T12:00:00Z');
    const past = yearChoices({ past: 76 }, today);
    expect(past[0]).toEqual({ value: 2026, label: '2026' });
    expect(past.at(-1)?.value).toBe(1950);
    expect(past).toHaveLength(77);
    const future = yearChoices({ future: 30 }, today);
    expect(future[0].value).toBe(2026);
    expect(future.at(-1)?.value).toBe(2056);
  });

  it('sizes inputs by the longest answer', () => {
    expect(inputWidth(5)).toBe('short');
    expect(inputWidth(20)).toBe('medium');
    expect(inputWidth(254)).toBe('long');
    expect(inputWidth(undefined)).toBe('long');
  });

  it('starts from the schema defaults, never from a const', () => {
    const data = schemaDefaults(runtime.document);
    const properties = runtime.document.schema.properties;
    const defaults = Object.fromEntries(['inputAppliedAmount', 'inputAppliedTenor', 'hasCoApplicant', 'coApplicantSameAddressAsPrimary'].map((field) => [field, properties[field].default]));
    expect(Object.values(defaults).every((value) => value !== undefined)).toBe(true);
    expect(data).toMatchObject(defaults);
    expect(data).not.toHaveProperty('primaryApplicantAcceptTerms');
    expect(data).not.toHaveProperty('loanPurposeId');
  });
});
