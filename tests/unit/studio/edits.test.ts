// The studio's edits of a written document: each returns a new source where format 2 keeps
// the value, leaves the old one as it was, and refuses in Finnish what forms:check would not take.
import { describe, expect, it } from 'vitest';
import {
  addOption,
  applyEdit,
  codeInUse,
  messageKeywords,
  moveField,
  moveOption,
  moveStep,
  optionsOf,
  removeOption,
  setFieldText,
  setLimit,
  setMessage,
  setOptionCode,
  setOptionTitle,
  setVariantLimit,
  variantLimitsOf,
  type EditResult,
} from '../../../engine/core/studio/edits.ts';
import { loadSection, readSource } from './helpers.ts';

type Json = Record<string, any>;
const consumer = readSource('consumer');
const business = readSource('business');
const ok = (result: EditResult): Json => {
  if (!result.ok) throw new Error(result.reason);
  return result.source;
};
const reason = (result: EditResult) => (result.ok ? undefined : result.reason);

describe('texts', () => {
  it('writes the question as schema.title and the short name as label', () => {
    const before = structuredClone(consumer);
    const source = ok(setFieldText(consumer, 'hasCoApplicant', 'question', 'Haetko lainaa yhdessä toisen kanssa?'));
    expect(source.fields.hasCoApplicant.schema.title).toBe('Haetko lainaa yhdessä toisen kanssa?');
    expect(source.fields.hasCoApplicant.label).toBe('Kanssahakija');
    const labelled = ok(setFieldText(source, 'hasCoApplicant', 'label', 'Toinen hakija'));
    expect(labelled.fields.hasCoApplicant.label).toBe('Toinen hakija');
    expect(consumer).toEqual(before);
  });

  it('puts help and placeholder in ui and removes them when emptied', () => {
    const source = ok(setFieldText(consumer, 'loanPurposeId', 'help', 'Valitse tärkein käyttötarkoitus'));
    expect(source.fields.loanPurposeId.ui['ui:help']).toBe('Valitse tärkein käyttötarkoitus');
    expect(ok(setFieldText(source, 'loanPurposeId', 'help', '  ')).fields.loanPurposeId.ui['ui:help']).toBeUndefined();
    const placeholder = ok(setFieldText(consumer, 'useLoanForCarboat', 'placeholder', 'esim.'));
    expect(placeholder.fields.useLoanForCarboat.ui).toEqual({ 'ui:placeholder': 'esim.' });
    expect(ok(setFieldText(placeholder, 'useLoanForCarboat', 'placeholder', '')).fields.useLoanForCarboat.ui).toBeUndefined();
  });

  it('refuses an empty question or short name and an unknown field', () => {
    expect(reason(setFieldText(consumer, 'hasCoApplicant', 'question', ' '))).toBe('Kysymys ei voi olla tyhjä');
    expect(reason(setFieldText(consumer, 'hasCoApplicant', 'label', ''))).toMatch(/^Lyhyt nimi ei voi olla tyhjä/);
    expect(reason(setFieldText(consumer, 'primaryApplicantFirstnames', 'label', 'x'))).toBe('Kenttää primaryApplicantFirstnames ei ole tässä dokumentissa');
  });
});

describe('limits', () => {
  it('sets and clears a limit', () => {
    const source = ok(setLimit(consumer, 'inputAppliedAmount', 'maximum', 60000));
    expect(source.fields.inputAppliedAmount.schema.maximum).toBe(60000);
    expect(reason(setLimit(source, 'inputAppliedAmount', 'maximum', undefined))).toBe('Liukusäätimellä pitää olla vähimmäis- ja enimmäisarvo');
    const plain = structuredClone(source);
    delete plain.fields.inputAppliedAmount.ui;
    expect(ok(setLimit(plain, 'inputAppliedAmount', 'maximum', undefined)).fields.inputAppliedAmount.schema).not.toHaveProperty('maximum');
    const iban = ok(setLimit(consumer, 'primaryApplicantIbanNumber', 'maxLength', 40));
    expect(iban.fields.primaryApplicantIbanNumber.schema.maxLength).toBe(40);
  });

  it('refuses a minimum over the maximum, a default outside, and a limit of the wrong kind', () => {
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'minimum', 80000))).toBe('Vähimmäisarvo 80000 on suurempi kuin enimmäisarvo 70000');
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'maximum', 400))).toBe('Vähimmäisarvo 500 on suurempi kuin enimmäisarvo 400');
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'maximum', 10000))).toBe('Oletusarvo 15000 ei olisi enää rajojen sisällä');
    expect(reason(setLimit(consumer, 'inputAppliedTenor', 'maximum', 10.5))).toBe('Anna kokonaisluku');
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'maxLength', 5))).toBe('Vähimmäis- ja enimmäispituus ovat vain tekstikentillä');
    expect(reason(setLimit(consumer, 'primaryApplicantIbanNumber', 'minimum', 5))).toBe('Vähimmäis- ja enimmäisarvo ovat vain lukukentillä');
    expect(reason(setLimit(consumer, 'primaryApplicantIbanNumber', 'minLength', -1))).toBe('Pituus ei voi olla negatiivinen');
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'minimum', Number.NaN))).toBe('Anna luku');
  });

  it("refuses a maximum under a variant's minimum", () => {
    // yhdistelylaina sets the minimum to 3000.
    expect(reason(setLimit(consumer, 'inputAppliedAmount', 'maximum', 2500))).toMatch(/Oletusarvo|Muunnelmassa/);
    const noDefault = structuredClone(consumer) as Json;
    delete noDefault.fields.inputAppliedAmount.schema.default;
    expect(reason(setLimit(noDefault, 'inputAppliedAmount', 'maximum', 2500))).toBe('Muunnelmassa yhdistelylaina vähimmäisarvo 3000 olisi suurempi kuin enimmäisarvo 2500');
  });
});

describe('options', () => {
  const codes = (source: Json, id = 'loanPurposeId') => optionsOf(source.fields[id])!.map((option) => option.code);

  it('adds, renames, recodes, moves and removes', () => {
    let source = ok(addOption(consumer, 'loanPurposeId', '21', 'Muutto'));
    expect(optionsOf(source.fields.loanPurposeId)!.at(-1)).toEqual({ code: 21, title: 'Muutto' });
    source = ok(setOptionTitle(source, 'loanPurposeId', 10, 'Muutto ja asettuminen'));
    source = ok(setOptionCode(source, 'loanPurposeId', 10, '22'));
    expect(source.fields.loanPurposeId.schema.oneOf[10]).toEqual({ const: 22, title: 'Muutto ja asettuminen' });
    source = ok(moveOption(source, 'loanPurposeId', 10, -1));
    expect(codes(source).slice(-2)).toEqual([22, 8]);
    source = ok(removeOption(source, 'loanPurposeId', 9));
    expect(codes(source)).toEqual([19, 16, 6, 18, 15, 3, 12, 10, 14, 8]);
    // A string field's codes stay strings.
    const tenor = ok(addOption(business, 'appliedTenor', '99', 'Pitkä'));
    expect(optionsOf(tenor.fields.appliedTenor)!.at(-1)!.code).toBe('99');
  });

  it('refuses a duplicate code, a code of the wrong type, an empty text, the last and the default option', () => {
    expect(reason(addOption(consumer, 'loanPurposeId', '19', 'Toinen'))).toBe('Koodi 19 on jo toisella vaihtoehdolla');
    expect(reason(setOptionCode(consumer, 'loanPurposeId', 1, '6'))).toBe('Koodi 6 on jo toisella vaihtoehdolla');
    expect(reason(addOption(consumer, 'loanPurposeId', 'abc', 'X'))).toBe('Anna luku');
    expect(reason(addOption(consumer, 'loanPurposeId', '2.5', 'X'))).toBe('Anna kokonaisluku');
    expect(reason(addOption(consumer, 'loanPurposeId', '', 'X'))).toBe('Koodi ei voi olla tyhjä');
    expect(reason(addOption(consumer, 'loanPurposeId', '30', ' '))).toBe('Vaihtoehdon teksti ei voi olla tyhjä');
    expect(reason(moveOption(consumer, 'loanPurposeId', 0, -1))).toBe('Ei voi siirtää pidemmälle');
    expect(reason(addOption(consumer, 'hasCoApplicant', '1', 'X'))).toBe('Kentällä ei ole vaihtoehtoja');
    const one = structuredClone(consumer) as Json;
    one.fields.loanPurposeId.schema.oneOf = [{ const: 19, title: 'Lainojen yhdistäminen' }];
    expect(reason(removeOption(one, 'loanPurposeId', 0))).toBe('Viimeistä vaihtoehtoa ei voi poistaa');
    const withDefault = structuredClone(consumer) as Json;
    withDefault.fields.loanPurposeId.schema.default = 6;
    expect(reason(removeOption(withDefault, 'loanPurposeId', 2))).toBe('Vaihtoehto 6 on kentän oletusarvo; vaihda oletus ensin');
  });

  it('refuses to remove or recode an option that a rule or a variant compares with', () => {
    // 19 (Lainojen yhdistäminen) is in the loans override, the useLoanFor… rules and yhdistelylaina.
    expect(reason(removeOption(consumer, 'loanPurposeId', 0))).toBe('Koodia 19 käytetään lomakkeen säännöissä tai muunnelmissa; muuta ne ensin');
    expect(reason(setOptionCode(consumer, 'loanPurposeId', 0, '20'))).toBe('Koodia 19 käytetään lomakkeen säännöissä tai muunnelmissa; muuta ne ensin');
    expect(ok(setOptionCode(consumer, 'loanPurposeId', 0, '19')).fields.loanPurposeId.schema.oneOf[0].const).toBe(19);
    expect(codeInUse(consumer, 'loanPurposeId', 16)).toBe(false);
    // Not a digit of another code: 1 is not in 19.
    expect(codeInUse(consumer, 'loanPurposeId', 1)).toBe(false);
    const onlyVariant = structuredClone(consumer) as Json;
    onlyVariant.variants.yhdistelylaina[0].value = [{ const: 6, title: 'Remontti' }];
    expect(codeInUse(onlyVariant, 'loanPurposeId', 6)).toBe(true);
    // A section's rules name the field with {party}.
    expect(codeInUse(loadSection('work'), 'EmploymentTypeId', 6)).toBe(true);
  });
});

describe('messages', () => {
  it("sets and clears a rule's own message", () => {
    let source = ok(setMessage(consumer, 'inputAppliedAmount', 'minimum', 'Vähintään {limit} euroa'));
    expect(source.fields.inputAppliedAmount.messages).toEqual({ minimum: 'Vähintään {limit} euroa' });
    source = ok(setMessage(source, 'inputAppliedAmount', 'minimum', ''));
    expect(source.fields.inputAppliedAmount).not.toHaveProperty('messages');
    expect(reason(setMessage(consumer, 'inputAppliedAmount', 'nonsense', 'x'))).toBe('Sääntöä nonsense ei tunneta');
  });

  it('offers the rules that apply to the field', () => {
    expect(messageKeywords((consumer as Json).fields.inputAppliedAmount)).toEqual(expect.arrayContaining(['required', 'minimum', 'maximum', 'type.number']));
    expect(messageKeywords((consumer as Json).fields.inputAppliedAmount)).not.toContain('maxLength');
    expect(messageKeywords((consumer as Json).fields.primaryApplicantIbanNumber)).toEqual(expect.arrayContaining(['fiIban.checksum']));
  });
});

describe('moving', () => {
  it('moves a field within its step section', () => {
    const source = ok(moveField(consumer, 'inputAppliedTenor', -1));
    expect(source.steps[0].sections[0].fields).toEqual(['loanPurposeId', 'inputAppliedTenor', 'inputAppliedAmount', 'hasCoApplicant']);
    expect(reason(moveField(consumer, 'loanPurposeId', -1))).toBe('Ei voi siirtää pidemmälle');
    expect(reason(moveField(consumer, 'appliedAmount', 1))).toBe('Kenttä ei ole millään vaiheella');
  });

  it("moves a field in a section's own order", () => {
    const identity = loadSection('identity');
    const source = ok(moveField(identity, 'Lastname', -1));
    expect(Object.keys(source.fields).slice(0, 3)).toEqual(['PersonalIdentificationNumber', 'Lastname', 'Firstnames']);
  });

  it('moves a step, the numbers and progress staying in order and the summary following', () => {
    const source = ok(moveStep(consumer, 2, 1));
    expect(source.steps.map((step: Json) => [step.id, step.number, step.progress])).toEqual([
      ['loan', 1, 8],
      ['basics', 2, 30],
      ['work', 3, 50],
      ['housing', 4, 60],
      ['loans', 5, 80],
      ['coApplicant', 6, 90],
      ['finish', 7, 100],
    ]);
    const summary = Object.fromEntries(source.summary.map((section: Json) => [section.id, [section.step, section.showAfterStep]]));
    expect(summary.housing).toEqual([4, 4]);
    expect(summary.work).toEqual([3, 3]);
    expect(summary.loans).toEqual([5, 5]);
    expect(reason(moveStep(consumer, 6, 1))).toBe('Ei voi siirtää pidemmälle');
    expect(reason(moveStep(consumer, 9, 1))).toBe('Vaihetta ei ole');
  });
});

describe('variant limits', () => {
  it('reads the limits the variants give a field', () => {
    expect(variantLimitsOf(consumer, 'inputAppliedAmount')).toEqual([
      { variant: 'kattokorko', keyword: 'minimum', value: 2000 },
      { variant: 'yhdistelylaina', keyword: 'minimum', value: 3000 },
    ]);
    expect(variantLimitsOf(consumer, 'inputAppliedTenor')).toEqual([]);
  });

  it("writes a variant's limit back into its patch, adds and drops one", () => {
    let source = ok(setVariantLimit(consumer, 'kattokorko', 'inputAppliedAmount', 'minimum', 2500));
    expect(source.variants.kattokorko).toEqual([{ op: 'replace', path: '/schema/properties/inputAppliedAmount/minimum', value: 2500 }]);
    source = ok(setVariantLimit(source, 'kattokorko', 'inputAppliedAmount', 'maximum', 50000));
    expect(source.variants.kattokorko[1]).toEqual({ op: 'replace', path: '/schema/properties/inputAppliedAmount/maximum', value: 50000 });
    source = ok(setVariantLimit(source, 'kattokorko', 'inputAppliedAmount', 'minimum', undefined));
    expect(source.variants.kattokorko).toHaveLength(1);
    expect(reason(setVariantLimit(consumer, 'kattokorko', 'inputAppliedAmount', 'minimum', 90000))).toBe('Muunnelmassa kattokorko vähimmäisarvo 90000 olisi suurempi kuin enimmäisarvo 70000');
    expect(reason(setVariantLimit(consumer, 'nope', 'inputAppliedAmount', 'minimum', 1000))).toBe('Muunnelmaa nope ei ole');
  });

  it('keeps a variant able to set a limit the field no longer has', () => {
    const plain = structuredClone(consumer) as Json;
    delete plain.fields.inputAppliedAmount.ui;
    const source = ok(setLimit(plain, 'inputAppliedAmount', 'minimum', undefined));
    expect(source.variants.kattokorko[0].op).toBe('add');
  });
});

describe('applyEdit', () => {
  it('dispatches an edit given as data', () => {
    expect(ok(applyEdit(consumer, { type: 'text', field: 'hasCoApplicant', part: 'label', text: 'X' })).fields.hasCoApplicant.label).toBe('X');
    expect(reason(applyEdit(consumer, { type: 'limit', field: 'inputAppliedAmount', keyword: 'minimum', value: 80000 }))).toMatch(/suurempi/);
  });
});
