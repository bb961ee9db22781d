// The README's QA scenarios (many offers, downsell only, none) hold with the real lender
// catalogue, the real form document and any application id (the id seeds the lenders'
// small rate variation). The applications are made from the README's own table, as a
// person following it would fill the form, and the fixture must say the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFormRuntime } from '../../../engine/core/node.ts';
import { profileOf } from '../../../src/server/marketplace/applicant-profile.ts';
import { loadCatalogue } from '../../../src/server/marketplace/catalogue.ts';
import { decide } from '../../../src/server/marketplace/decide.ts';
import { primaryHousing, primaryWork } from '../../fixtures/consumer-valid.ts';
import { applicationWith, OFFER_SCENARIOS, otherLoan, SCENARIO_PERSONAL_ID, type OfferScenario } from '../../fixtures/offer-scenarios.ts';

const runtime = loadFormRuntime('consumer');
const { lenders, caps } = loadCatalogue();
const SEEDS = Array.from({ length: 40 }, (_, index) => String(index + 1));
const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** Euros as the README writes them: '15 000 €' is 15000. */
const euros = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The README's paragraph on reaching each offers state and the rows of its table, by the state each row names. */
function readmeScenarios(): { intro: string; rows: Record<OfferScenario, Record<string, unknown>> } {
  const start = README.indexOf('**Reaching each offers state.**');
  expect(start, 'the README explains how to reach each offers state').toBeGreaterThanOrEqual(0);
  const section = README.slice(start, README.indexOf('\n\n', README.indexOf('|---', start)));
  const STATES: Array<[string, OfferScenario]> = [
    ['many offers', 'many'],
    ['only smaller offers', 'downsellOnly'],
    ['no offers', 'none'],
  ];
  const rows = {} as Record<OfferScenario, Record<string, unknown>>;
  for (const line of section.split('\n').filter((text) => /^\s*\|/.test(text) && !/\|-/.test(text) && !/state of the offers list/.test(text))) {
    const [state, amountTenor, incomes, loans] = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const key = STATES.find(([words]) => state.startsWith(words))?.[1];
    expect(key, `a README row names a known state: ${state}`).toBeDefined();
    const [, amount, years] = /^([\d\s]+) €, (\d+) years$/.exec(amountTenor) ?? [];
    const [, gross, net] = /^([\d\s]+) € \/ ([\d\s]+) €$/.exec(incomes) ?? [];
    expect([amount, years, gross, net].every(Boolean), `README row '${state}' reads as amount, tenor and incomes`).toBe(true);
    const loan = /^other loan ([\d\s]+) €, ([\d\s]+) € a month$/.exec(loans);
    expect(loans === 'none' || loan !== null, `README row '${state}' names its loans: ${loans}`).toBe(true);
    rows[key!] = {
      inputAppliedAmount: euros(amount),
      inputAppliedTenor: Number(years),
      primaryApplicantGrossMonthlyIncome: euros(gross),
      primaryApplicantNetMonthlyIncome: euros(net),
      ...(loan ? otherLoan(euros(loan[1]), euros(loan[2])) : {}),
    };
  }
  return { intro: section, rows };
}

const { intro, rows } = readmeScenarios();

function offersFor(values: Record<string, unknown>, seed: string) {
  const data = runtime.prepare(applicationWith(values));
  return lenders.map((lender) => decide(profileOf(data), lender, caps, seed)).filter((offer) => offer !== null);
}

describe('offer scenarios for QA, as the README writes them', () => {
  it('the README lists every scenario, with the values the fixture uses', () => {
    expect(Object.keys(rows).sort()).toEqual(Object.keys(OFFER_SCENARIOS).sort());
    for (const scenario of Object.keys(OFFER_SCENARIOS) as OfferScenario[]) expect(rows[scenario]).toEqual(OFFER_SCENARIOS[scenario]);
    // The shared values the paragraph names are the ones the applications are made with.
    expect(intro).toContain(`\`${SCENARIO_PERSONAL_ID}\``);
    expect(intro).toContain(`rented flat ${primaryHousing.primaryApplicantLivingExpenses} € + other expenses ${primaryHousing.primaryApplicantOtherRegularExpenses} €`);
    expect(primaryHousing.primaryApplicantAccommodationId).toBe(3);
    expect(primaryWork.primaryApplicantEmploymentTypeId).toBe(6);
  });

  it.each(Object.keys(OFFER_SCENARIOS) as OfferScenario[])('%s is a complete, valid application', (scenario) => {
    expect(runtime.validate(applicationWith(rows[scenario])).errors).toEqual([]);
  });

  it('many: most lenders offer the full amount, whatever the application id', () => {
    for (const seed of SEEDS) {
      const offers = offersFor(rows.many, seed);
      expect(offers.filter((offer) => !offer.downsell).length).toBeGreaterThanOrEqual(lenders.length - 2);
    }
  });

  it('downsellOnly: offers come, every one for less than asked', () => {
    for (const seed of SEEDS) {
      const offers = offersFor(rows.downsellOnly, seed);
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((offer) => offer.downsell && offer.amount < Number(rows.downsellOnly.inputAppliedAmount))).toBe(true);
    }
  });

  it('none: no lender offers', () => {
    for (const seed of SEEDS) expect(offersFor(rows.none, seed)).toEqual([]);
  });
});
