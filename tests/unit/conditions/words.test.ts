// Real rules of consumer.json (and its sections) read in Finnish with the fields' labels
// and the choices' titles, as the studio shows them under the builder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conditionFields, rowFields } from '../../../engine/core/conditions/fields.ts';
import { ruleInWords } from '../../../engine/core/conditions/words.ts';
import { FORMS_DIR, readFormDocument } from '../../../engine/core/node.ts';

const consumer = readFormDocument('consumer');
const fields = conditionFields(consumer);
const section = (id: string) => JSON.parse(readFileSync(join(FORMS_DIR, 'sections', `${id}.json`), 'utf8'));
const work = section('work');
const written = JSON.parse(readFileSync(join(FORMS_DIR, 'consumer.json'), 'utf8'));

describe('a rule in words', () => {
  it('the spouse income question: marital status and no co-applicant, as the section writes it for the applicant', () => {
    expect(ruleInWords(work.fields.SpouseGrossMonthlyIncome.visible, 'visible', { fields, party: 'primaryApplicant' })).toBe(
      'näytetään, kun kanssahakija ei ole valittu ja siviilisääty on naimisissa tai rekisteröidyssä parisuhteessa tai avoliitossa',
    );
  });

  it('an employment-type rule names the types by their titles', () => {
    expect(ruleInWords(work.fields.Employer.visible, 'visible', { fields, party: 'primaryApplicant' })).toBe(
      'näytetään, kun työsuhteen tyyppi on vakituinen, määräaikainen, osa-aikainen tai yrittäjä',
    );
    // The co-applicant's fields: the party's own labels, after the party's condition.
    expect(ruleInWords(consumer.rules!.visible!.coApplicantBusinessIdentityCode, 'visible', { fields })).toBe(
      'näytetään, kun kanssahakija on valittu ja kanssahakijan työsuhteen tyyppi on yrittäjä',
    );
  });

  it('a negated condition after another reads with "eikä"', () => {
    expect(ruleInWords(consumer.rules!.visible!.coApplicantAddress, 'visible', { fields })).toBe(
      'näytetään, kun kanssahakija on valittu eikä kanssahakija asuu samassa osoitteessa ole valittu',
    );
  });

  it('the identity code gives the age and the sex; constants read as their values', () => {
    expect(ruleInWords(section('identity').fields.MilitaryStatusId.visible, 'visible', { fields, party: 'primaryApplicant', constants: consumer.constants })).toBe(
      'näytetään, kun sukupuoli (henkilötunnus) on mies, ikä (henkilötunnus) on vähintään 19 ja ikä (henkilötunnus) on enintään 27',
    );
  });

  it('checks: another field, a month and a year, a nested group', () => {
    const check = (id: string) => written.checks.find((item: { field?: string }) => item.field === id);
    expect(ruleInWords(check('primaryApplicantEmail').rule, 'check', { fields })).toBe(
      'hyväksytään, kun kanssahakija ei ole valittu tai sähköposti ei ole sama kuin kanssahakijan sähköposti',
    );
    expect(ruleInWords(section('housing').checks.MoveNotInFuture.rule, 'check', { fields, party: 'primaryApplicant' })).toBe(
      'hyväksytään, kun ajankohta (muuttokuukausi, muuttovuosi) ei ole tulevaisuudessa',
    );
    expect(ruleInWords(section('loans').checks.NoLoansExclusive.rule, 'check', { fields, party: 'primaryApplicant' })).toBe(
      'hyväksytään, kun ei päde, että ei lainoja on valittu ja (asuntolainat on valittu, auto- ja venelainat on valittu, opintolainat on valittu tai muut lainat on valittu)',
    );
    const rows = [...fields, ...rowFields(consumer, 'primaryApplicantCarboatInput')];
    expect(ruleInWords(section('loans').checks.CarboatPaymentNotAboveLoan.rule, 'check', { fields: rows, party: 'primaryApplicant' })).toBe(
      'hyväksytään, kun auto- tai venelaina: kuukausierä on enintään auto- tai venelaina: lainan määrä',
    );
  });

  it('a warning, the required phrasing, no rule and raw rules', () => {
    const mortgage = readFormDocument('mortgage');
    const warning = mortgage.rules!.warnings!.find((item) => item.field === 'primaryApplicantNetMonthlyIncome')!;
    expect(ruleInWords(warning.rule, 'warning', { fields: conditionFields(mortgage) })).toBe('huomautetaan, ellei päde, että nettotulot on enintään 20000');
    expect(ruleInWords({ '==': [{ var: 'loanPurposeId' }, 19] }, 'required', { fields })).toBe('pakollinen, kun lainan käyttötarkoitus on lainojen yhdistäminen');
    expect(ruleInWords({ '<': [{ var: 'inputAppliedAmount' }, 1.5] }, 'check', { fields })).toBe('hyväksytään, kun lainasumma on alle 1,5');
    expect(ruleInWords(undefined, 'visible', { fields })).toBe('näytetään aina');
    expect(ruleInWords(true, 'required', { fields })).toBe('aina pakollinen');
    expect(ruleInWords({ if: [{ var: 'a' }, true, false] }, 'visible', { fields })).toBe('ehto on kirjoitettu JSON-muodossa');
  });
});
