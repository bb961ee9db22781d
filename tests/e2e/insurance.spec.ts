// /maksuturva in Chromium on the real server (issue 27; marketplace spec §2 "Insurance page",
// §4 "Insurance", §9): customers made the way real ones are (a mortgage submitted and
// identified, support/customer.ts). An eligible one logs in, moves the tier with the keyboard
// and sees the fee the document's price table gives for their age, fills the form (a reload
// loses nothing; the server's per-field refusal shows at its field), submits and sees the
// confirmation with 'Odottaa allekirjoitusta' and the bank buttons, edits it, and finds it on
// /lainahakemukset; the 4 s signature poll under a paused clock; signing at the development
// bank, by another person (refused) and by the insured ('Allekirjoitettu'); a 64-year-old is
// told to update their details through a new loan application. Axe on every view; 375 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { insurancePremium } from '../../custom-validators/insurance-premium.ts';
import { loadFormRuntime } from '../../engine/core/node.ts';
import { validInsurance } from '../fixtures/insurance-valid.ts';
import { validMortgage } from '../fixtures/mortgage-valid.ts';
import { personalIdOfAge } from '../fixtures/personal-id.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { becomeCustomer, expectNoHorizontalScrollAt375, logIn, type Customer } from './support/customer.ts';
import { fillStep, stepSection } from './support/fill-from-document.ts';
import { pausedClock } from './support/offers.ts';

const patient = expect.configure({ timeout: 30_000 });
const runtime = loadFormRuntime('insurance');
const doc = runtime.document;
const texts = doc.texts!;

const AGE = 41;
// People of this spec's own: the login finds customers by identity code, its code goes to the e-mail.
const insured: Customer = { ssn: personalIdOfAge(AGE, 873), phone: '0451237701', email: 'maksuturva.asiakas@example.fi' };
const senior: Customer = { ssn: personalIdOfAge(64, 874), phone: '0451237702', email: 'maksuturva.seniori@example.fi' };
/** Someone else, who has not applied: their signature is not the insured's. */
const stranger = personalIdOfAge(35, 875);

/** A mortgage applicant: permanent work since 2015, at the address since 2019 (validMortgage), so the service knows age, work and residence. */
const mortgageOf = (customer: Customer, firstName: string, lastName: string): Record<string, unknown> => ({
  ...validMortgage(),
  primaryApplicantPersonalIdentificationNumber: customer.ssn,
  primaryApplicantFirstnames: firstName,
  primaryApplicantLastname: lastName,
  primaryApplicantMobilephone: customer.phone,
  primaryApplicantMobilephone2: customer.phone,
  primaryApplicantEmail: customer.email,
  primaryApplicantEmail2: customer.email,
});

/** The fee as the page writes it: the document's table, two decimals, a comma. */
const fee = (tier: number, age = AGE) => {
  const premium = insurancePremium(tier, age, doc.constants!.insurancePremiums);
  if (premium === null) throw new Error(`no price for ${tier} at ${age}`);
  return premium.toFixed(2).replace('.', ',');
};

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const price = (page: Page) => page.getByTestId('insurance-price');
const slider = (page: Page) => page.getByRole('slider');
const field = (page: Page, id: string) => page.locator(`#field--${id}`);
const status = (page: Page) => page.getByTestId('insurance-status');
const signing = (page: Page) => page.getByRole('region', { name: 'Allekirjoita hakemus' });
const submitButton = (page: Page) => stepSection(page, 1).getByRole('button', { name: runtime.buttonLabel(1, {}), exact: true });

/** On the development bank's signing page (it shows what is signed): types `personalId` and signs. */
async function signAtTestBank(page: Page, personalId: string): Promise<void> {
  await patient(page.getByRole('heading', { level: 1, name: /testiallekirjoitus/ })).toBeVisible();
  await page.getByLabel('Tai kirjoita henkilötunnus').fill(personalId);
  await page.getByRole('button', { name: 'Allekirjoita', exact: true }).click();
}

async function customerPage(browser: Browser, customer: Customer, path = '/maksuturva'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await logIn(page, customer);
  await patient(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  const make = async (customer: Customer, first: string, last: string) => {
    const page = await (await browser.newContext()).newPage();
    await becomeCustomer(page, mortgageOf(customer, first, last));
    await page.context().close();
  };
  await Promise.all([make(insured, 'Vilja', 'Vakuutettu'), make(senior, 'Seppo', 'Seniori')]);
});

test('an eligible customer: the fee moves with the tier, the form is kept over a reload, submitted, confirmed, edited and listed', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await customerPage(browser, insured);

  // The landing view: who may apply, the support hours, the tier at 200 and its fee for a 41-year-old.
  await expect(heading(page)).toHaveText('Maksuturva');
  await expect(page.getByRole('heading', { level: 2, name: texts.eligibilityTitle })).toBeVisible();
  for (const key of ['eligibilityAge', 'eligibilityResidence', 'eligibilityWork', 'eligibilityNotLaidOff', 'eligibilityHealthy', 'eligibilityNoPaymentDefaults'])
    await expect(page.getByRole('listitem').filter({ hasText: texts[key] })).toBeVisible();
  await expect(page.getByText(texts.supportHours)).toBeVisible();
  await expect(slider(page)).toHaveValue('200');
  await expect(price(page)).toContainText(fee(200));
  await expect(field(page, 'firstName')).toHaveValue('Vilja');
  await expect(field(page, 'firstName')).not.toBeEditable();
  await expect(field(page, 'age')).toHaveValue(String(AGE));
  await expectNoAxeViolations(page, '/maksuturva landing view');
  await expectNoHorizontalScrollAt375(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The keyboard moves the tier a step; the fee follows at once, from the same table.
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveValue('300');
  await expect(field(page, 'paymentTier')).toHaveValue('300');
  await expect(price(page)).toContainText(fee(300));
  await expect(price(page)).toHaveAttribute('role', 'status');

  const { paymentTier: _tier, age: _age, firstName: _first, lastName: _last, ...answers } = validInsurance();
  await fillStep(page, runtime, 1, answers);
  await expect(field(page, 'city')).toHaveValue('Helsinki');

  // A reload keeps what was typed (this tab's draft), the tier too.
  await page.reload();
  await patient(field(page, 'address')).toHaveValue(answers.address);
  await expect(slider(page)).toHaveValue('300');
  await expect(price(page)).toContainText(fee(300));
  await expect(field(page, 'assureInformation')).toBeChecked();

  // The server's refusal of a field shows at the field; nothing typed is lost.
  await page.route('**/api/insuranceApplication/create', (route) => route.fulfill({ status: 400, json: { type: 'VALIDATION_ERROR', errors: { phone: 'Puhelinnumeron muoto on virheellinen' } } }));
  await submitButton(page).click();
  await expect(page.locator('#field--phone__error')).toContainText('Puhelinnumeron muoto on virheellinen');
  await expect(field(page, 'address')).toHaveValue(answers.address);
  await page.unroute('**/api/insuranceApplication/create');

  // Submitted: the confirmation, its heading focused, the status announced, the bank buttons.
  await submitButton(page).click();
  await patient(heading(page)).toHaveText('Maksuturvahakemuksesi');
  await expect(heading(page)).toBeFocused();
  await expect(status(page)).toHaveText(`Hakemuksen tila: ${texts.statusWaitingForSignature}`);
  await expect(status(page)).toHaveAttribute('role', 'status');
  const table = page.getByRole('table', { name: 'Hakemuksesi tiedot' });
  await expect(table.getByRole('row', { name: /Turvattava kuukausierä/ })).toContainText('300');
  await expect(table.getByRole('row', { name: /Vakuutuksen kuukausimaksu/ })).toContainText(fee(300));
  await expect(table.getByRole('row', { name: /Eräpäivä/ })).toContainText('Kuukauden 15. päivä');
  await expect(table.getByRole('row', { name: /Nimi/ })).toContainText('Vilja Vakuutettu');
  await expect(table.getByRole('row', { name: /Osoite/ })).toContainText(`${answers.address}, ${answers.zip} Helsinki`);
  await expect(table.getByRole('row', { name: /Matkapuhelin/ })).toContainText(answers.phone);
  await expect(table.getByRole('row', { name: /Sähköposti/ })).toContainText(answers.email);
  await patient(signing(page).getByRole('button').first()).toBeVisible();
  await expectNoAxeViolations(page, '/maksuturva confirmation');

  // Edited before signing: the form again with what was applied for; a new tier, updated.
  await page.getByRole('button', { name: 'Muokkaa hakemusta' }).click();
  await expect(heading(page)).toHaveText('Muokkaa hakemusta');
  await expect(heading(page)).toBeFocused();
  await expect(field(page, 'address')).toHaveValue(answers.address);
  await expect(slider(page)).toHaveValue('300');
  await slider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(price(page)).toContainText(fee(400));
  await expectNoAxeViolations(page, '/maksuturva editing');
  await submitButton(page).click();
  await patient(heading(page)).toHaveText('Maksuturvahakemuksesi');
  await expect(table.getByRole('row', { name: /Vakuutuksen kuukausimaksu/ })).toContainText(fee(400));
  await expectNoHorizontalScrollAt375(page);

  // The customer area shows it, linking here.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/lainahakemukset');
  const panel = page.getByRole('region', { name: 'Maksuturva' });
  await patient(panel).toContainText(texts.statusWaitingForSignature);
  await panel.getByRole('link', { name: 'Katso maksuturvahakemus' }).click();
  await patient(heading(page)).toHaveText('Maksuturvahakemuksesi');
  await page.context().close();
});

test('the signature status is asked every 4 s; its "true" shows the signed application without the bank buttons', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await customerPage(browser, insured, '/lainahakemukset');
  let asked = 0;
  let signedNow = false;
  // Scripted for this check only: the status call, and the application it says was signed.
  await page.route('**/api/auth/visma/status/*', async (route) => {
    asked += 1;
    signedNow = asked >= 2;
    await route.fulfill({ contentType: 'text/plain', body: String(signedNow) });
  });
  await page.route('**/api/insuranceApplication', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (signedNow && body.insuranceApplication) body.insuranceApplication.applicationStatus = 'SIGNED';
    await route.fulfill({ response, json: body });
  });
  // Paused: the page's timers run only when the test moves the clock.
  await pausedClock(page);
  await page.goto('/maksuturva');
  await patient(status(page)).toContainText(texts.statusWaitingForSignature);
  await patient(signing(page).getByRole('button').first()).toBeVisible();

  await page.clock.runFor(3_900);
  expect(asked).toBe(0);
  await page.clock.runFor(200);
  await expect.poll(() => asked).toBe(1);
  await expect(status(page)).toContainText(texts.statusWaitingForSignature);
  await page.clock.runFor(4_000);
  await expect.poll(() => asked).toBe(2);
  await expect(status(page)).toHaveText(`Hakemuksen tila: ${texts.statusSigned}`);
  await expect(signing(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Muokkaa hakemusta' })).toHaveCount(0);

  // Signed: no more asking.
  await page.clock.runFor(12_000);
  expect(asked).toBe(2);
  // Axe waits on timers of its own.
  await page.clock.resume();
  await expectNoAxeViolations(page, '/maksuturva signed');
  // The signed page still reads the application for the insurer's answer: those reads end with the page.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.context().close();
});

// The e-signing server's round trip: the URL to sign at, the development bank's signing page,
// the return to /maksuturva?allekirjoitus=….
test('signing at the development bank: another person is refused, the insured signs', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await customerPage(browser, insured);
  await patient(status(page)).toContainText(texts.statusWaitingForSignature);

  // Someone else's code: refused, said so, still waiting for the insured's signature.
  await signing(page).getByRole('button').first().click();
  await signAtTestBank(page, stranger);
  await patient(page).toHaveURL(/\/maksuturva$/);
  await expect(page.getByRole('alert')).toContainText('Allekirjoitusta ei hyväksytty: hakemuksen voi allekirjoittaa vain vakuutettu itse');
  await expect(status(page)).toContainText(texts.statusWaitingForSignature);
  await expectNoAxeViolations(page, '/maksuturva after a refused signature');

  // The insured: signed, the buttons gone.
  await signing(page).getByRole('button').first().click();
  await signAtTestBank(page, insured.ssn);
  await patient(page).toHaveURL(/\/maksuturva$/);
  await patient(status(page)).toHaveText(`Hakemuksen tila: ${texts.statusSigned}`);
  await expect(signing(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/maksuturva signed at the bank');

  // The simulated insurer answers the signed application; the page, then the customer area, show it.
  const decision = /Vakuutus on myönnetty|Vakuutusyhtiö ei myöntänyt vakuutusta/;
  await patient(page.getByTestId('insurer-answer')).toContainText(decision);
  await page.goto('/lainahakemukset');
  const panel = page.getByRole('region', { name: 'Maksuturva' });
  await patient(panel).toContainText(texts.statusSigned);
  await expect(panel).toContainText(decision);
  await page.context().close();
});

test('a 64-year-old customer is told to update their details through a new loan application', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await customerPage(browser, senior);
  await expect(heading(page)).toHaveText('Maksuturva');
  await patient(page.getByText('Tietojesi perusteella et voi hakea Maksuturvaa.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: texts.eligibilityAge })).toBeVisible();
  await expect(slider(page)).toHaveCount(0);
  await expectNoAxeViolations(page, '/maksuturva not eligible');
  await expectNoHorizontalScrollAt375(page);
  const link = page.getByRole('main').getByRole('link', { name: 'lainahakemus' });
  await expect(link).toHaveAttribute('href', '/haelainaa');
  await link.click();
  await patient(page).toHaveURL(/\/haelainaa$/);
  await page.context().close();
});
