// Each step's checks in the browser: on blur under the field, on continue in the
// error summary (GOV.UK pattern), and a server-side field error merged into it.
import { expect, test, type Page } from '@playwright/test';
import { CONTINUE, continueFrom, field, fillHousing, FINISH, IDENTIFY, primaryBasics, primaryHousing, selectCode, step } from './support/application.ts';
import { reachStep } from './support/journey.ts';

const summary = (page: Page) => page.locator('[data-error-summary]');
const errorOf = (page: Page, id: string) => page.locator(`[data-field="${id}"] .lv-error-message`);

test.describe('step 1: loan', () => {
  test('purpose is required; the summary takes focus and its link focuses the field', async ({ page }) => {
    await page.goto('/hakemus/kulutusluotto/');
    await continueFrom(page, 1);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page)).toContainText('Tarkista seuraavat kentät:');
    await expect(page).toHaveTitle(/^Virhe: /);
    await summary(page).getByRole('link', { name: 'Lainan käyttötarkoitus: Pakollinen tieto' }).click();
    await expect(step(page, 1).getByRole('radio', { name: 'Lainojen yhdistäminen' })).toBeFocused();
    await step(page, 1).getByRole('radio', { name: 'Remontti' }).check();
    // Fixed answers leave the summary; an empty summary goes away.
    await expect(summary(page)).toHaveCount(0);
    await expect(page).not.toHaveTitle(/^Virhe: /);
  });

  test('other purposes open from the disclosure', async ({ page }) => {
    await page.goto('/hakemus/kulutusluotto/');
    const more = page.getByRole('button', { name: 'Muut käyttötarkoitukset' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('radio', { name: 'Häät' })).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('radio', { name: 'Häät' }).check();
    await expect(page.getByRole('radio', { name: 'Häät' })).toBeChecked();
  });

  test('amount: minimum on blur, clamped to the maximum with a notice, slider in steps of 500', async ({ page }) => {
    await page.goto('/hakemus/kulutusluotto/');
    const amount = field(page, 'inputAppliedAmount');
    await amount.fill('300');
    await amount.blur();
    await expect(errorOf(page, 'inputAppliedAmount')).toHaveText('Virhe: Vähintään 500');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await amount.fill('8x0000');
    await expect(amount).toHaveValue('70000');
    await expect(page.getByText('Enintään 70000')).toBeVisible();
    await expect(errorOf(page, 'inputAppliedAmount')).toHaveCount(0);
    const slider = page.getByRole('slider', { name: 'Lainasumma, liukusäädin' });
    await expect(slider).toHaveAttribute('step', '500');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(amount).toHaveValue('69500');
  });

  test('tenor: clamped to 20 years, under 1 resets to 1', async ({ page }) => {
    await page.goto('/hakemus/kulutusluotto/');
    const tenor = field(page, 'inputAppliedTenor');
    await tenor.fill('25');
    await expect(tenor).toHaveValue('20');
    await expect(page.getByText('Enintään 20 vuotta')).toBeVisible();
    await tenor.fill('0');
    await tenor.blur();
    await expect(tenor).toHaveValue('1');
    await expect(page.getByTestId('installment-estimate')).toBeVisible();
  });
});

test.describe('step 2: basics', () => {
  test('identity code, repeat fields, typo hint, pasting blocked, the summary lists every missing field', async ({ page }) => {
    await reachStep(page, 2);
    await continueFrom(page, 2);
    await expect(summary(page)).toBeFocused();
    const items = summary(page).getByRole('listitem');
    await expect(items).toHaveCount(8);
    await expect(items.first()).toHaveText('Henkilötunnus: Pakollinen tieto');

    const id = field(page, 'primaryApplicantPersonalIdentificationNumber');
    await id.fill('131052-308U');
    await id.blur();
    await expect(errorOf(page, 'primaryApplicantPersonalIdentificationNumber')).toContainText('Tarkistusmerkki ei täsmää');
    await id.fill(String(primaryBasics.primaryApplicantPersonalIdentificationNumber));
    await expect(errorOf(page, 'primaryApplicantPersonalIdentificationNumber')).toHaveCount(0);

    await field(page, 'primaryApplicantMobilephone').fill('0401234567');
    await field(page, 'primaryApplicantMobilephone2').fill('0401234568');
    await field(page, 'primaryApplicantMobilephone2').blur();
    await expect(errorOf(page, 'primaryApplicantMobilephone2')).toContainText('Puhelinnumerot eivät täsmää');

    const email = field(page, 'primaryApplicantEmail');
    await email.fill('maija@gmial.com');
    await email.blur();
    const hint = page.getByRole('button', { name: 'Tarkoitatko: maija@gmail.com?' });
    await hint.click();
    await expect(email).toHaveValue('maija@gmail.com');
    await expect(hint).toHaveCount(0);

    for (const repeat of ['primaryApplicantEmail2', 'primaryApplicantMobilephone2']) {
      const blocked = await field(page, repeat).evaluate((input) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'pasted');
        const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
        input.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(blocked, `${repeat} refuses pasting`).toBe(true);
    }
  });

  test('a server-side field error is merged into the error summary', async ({ page }) => {
    await reachStep(page, 2);
    for (const [name, value] of Object.entries(primaryBasics)) {
      if (name.endsWith('MaritalStatusId')) await selectCode(page, name, value);
      else await field(page, name).fill(String(value));
    }
    // The browser would never send this name; the server's own check must catch it.
    await page.route('**/consumer-applications/save/**', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, primaryApplicantFirstnames: 'M4ija' }) });
    });
    await continueFrom(page, 2);
    const dialog = page.getByRole('dialog', { name: 'Hakemuksen tallennus epäonnistui' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Hakemuksen tallennuksessa tapahtui virhe. Ole hyvä, tarkista kaikki kentät ja yritä uudelleen.');
    await expect(dialog.getByRole('listitem')).toHaveText('Etunimet: Tarkista nimi');
    await dialog.getByRole('button', { name: 'Tarkista kentät' }).click();
    await expect(dialog).toBeHidden();
    // The step is kept and the server's message joins the summary, which takes focus.
    await expect(page).toHaveURL(/\/2\/\d+\//);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole('link')).toHaveText(['Etunimet: Tarkista nimi']);
    await expect(errorOf(page, 'primaryApplicantFirstnames')).toContainText('Tarkista nimi');
    await page.unroute('**/consumer-applications/save/**');
    await continueFrom(page, 2);
    await expect(step(page, 3)).toBeVisible();
    await expect(page).toHaveURL(/\/3\/\d+\//);
  });

  test('a failed request keeps the step and says so', async ({ page }) => {
    await reachStep(page, 2);
    for (const [name, value] of Object.entries(primaryBasics)) {
      if (name.endsWith('MaritalStatusId')) await selectCode(page, name, value);
      else await field(page, name).fill(String(value));
    }
    await page.route('**/consumer-applications/save/**', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await continueFrom(page, 2);
    const dialog = page.getByRole('dialog', { name: 'Hakemuksen tallennus epäonnistui' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(step(page, 2).getByRole('button', { name: CONTINUE })).toBeFocused();
    await expect(step(page, 3)).toHaveCount(0);
    // Spec §4: anything but the text 'success' is a failed save, a 200 included.
    await page.unroute('**/consumer-applications/save/**');
    await page.route('**/consumer-applications/save/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }));
    await continueFrom(page, 2);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(step(page, 3)).toHaveCount(0);
    await expect(page).toHaveURL(/\/2\/\d+\//);
  });
});

test.describe('step 3 and 4: housing, work', () => {
  test('postal code fills the town; an unknown one asks to check it; rented housing needs costs', async ({ page }) => {
    await reachStep(page, 3);
    const zip = field(page, 'primaryApplicantZip');
    await zip.fill('33100');
    await expect(field(page, 'primaryApplicantCity')).toHaveValue('Tampere');
    await zip.fill('00001');
    await expect(errorOf(page, 'primaryApplicantZip')).toContainText('Tarkasta postinumero');
    // The town of the earlier code does not stay beside an unknown one (issue 25 item 13).
    await expect(field(page, 'primaryApplicantCity')).toHaveValue('');
    await zip.fill('123');
    await zip.blur();
    await expect(errorOf(page, 'primaryApplicantZip')).toContainText('Tarkista postinumero');
    await selectCode(page, 'primaryApplicantAccommodationId', 3);
    await field(page, 'primaryApplicantLivingExpenses').fill('0');
    await continueFrom(page, 3);
    await expect(summary(page).getByRole('link', { name: 'Asumiskulut: Vähintään 1' })).toBeVisible();
    await field(page, 'primaryApplicantOtherRegularExpenses').fill('12,5,0abc');
    await expect(field(page, 'primaryApplicantOtherRegularExpenses')).toHaveValue('12.50');
  });

  test('net income above gross; an entrepreneur is asked for the company', async ({ page }) => {
    await reachStep(page, 4);
    await selectCode(page, 'primaryApplicantEmploymentTypeId', 7);
    await expect(page.getByLabel('Yrityksen nimi')).toBeVisible();
    await expect(field(page, 'primaryApplicantBusinessIdentityCode')).toBeVisible();
    await expect(field(page, 'primaryApplicantOccupation')).toHaveCount(0);
    await selectCode(page, 'primaryApplicantEmploymentTypeId', 6);
    await expect(page.getByLabel('Työnantaja', { exact: true })).toBeVisible();
    await field(page, 'primaryApplicantGrossMonthlyIncome').fill('700');
    await field(page, 'primaryApplicantGrossMonthlyIncome').blur();
    await expect(errorOf(page, 'primaryApplicantGrossMonthlyIncome')).toContainText('Vähintään 850');
    await field(page, 'primaryApplicantGrossMonthlyIncome').fill('2000');
    await field(page, 'primaryApplicantNetMonthlyIncome').fill('2500');
    await field(page, 'primaryApplicantNetMonthlyIncome').blur();
    await expect(errorOf(page, 'primaryApplicantNetMonthlyIncome')).toContainText('Nettotulot eivät voi olla bruttotuloja suuremmat');
  });
});

test.describe('month and year pairs', () => {
  /** Chooses the month, then the year, and leaves the year the way an applicant would (selectOption does not focus a list). */
  async function chooseMonthThenYear(page: Page, prefix: string, month: number, year: number): Promise<void> {
    await selectCode(page, `${prefix}Month`, month);
    await selectCode(page, `${prefix}Year`, year);
    await field(page, `${prefix}Year`).focus();
    await page.keyboard.press('Tab');
  }

  test('a future move-in or work start and a past fixed-term end are told when the pair is left, not only on continue', async ({ page }) => {
    // Mid-June in the browser: December this year is in the future, March in the past.
    test.setTimeout(120_000);
    const year = new Date().getFullYear();
    await page.clock.setFixedTime(new Date(year, 5, 15, 12));
    await reachStep(page, 3);
    await chooseMonthThenYear(page, 'primaryApplicantMoveCurrentAddress', 12, year);
    await expect(errorOf(page, 'primaryApplicantMoveCurrentAddressMonth')).toHaveText('Virhe: Aika ei voi olla tulevaisuudessa');
    await expect(summary(page)).toHaveCount(0);
    // A year that makes the pair right takes the message away.
    await selectCode(page, 'primaryApplicantMoveCurrentAddressYear', year - 1);
    await expect(errorOf(page, 'primaryApplicantMoveCurrentAddressMonth')).toHaveCount(0);

    await fillHousing(page, 'primaryApplicant', primaryHousing);
    await continueFrom(page, 3);
    await expect(step(page, 4)).toBeVisible();
    await selectCode(page, 'primaryApplicantEmploymentTypeId', 4);
    await chooseMonthThenYear(page, 'primaryApplicantWorkStart', 12, year);
    await expect(errorOf(page, 'primaryApplicantWorkStartMonth')).toHaveText('Virhe: Aika ei voi olla tulevaisuudessa');
    await chooseMonthThenYear(page, 'primaryApplicantTemporaryTill', 3, year);
    await expect(errorOf(page, 'primaryApplicantTemporaryTillMonth')).toHaveText('Virhe: Aika ei voi olla menneisyydessä');
    await expect(summary(page)).toHaveCount(0);
  });
});

test.describe('step 5: loans', () => {
  test('choose at least one; no loans is exclusive; rows add and remove; payment not above the loan', async ({ page }) => {
    await reachStep(page, 5);
    const loans = step(page, 5);
    await continueFrom(page, 5, FINISH);
    await expect(summary(page).getByRole('link', { name: /Valitse vähintään yksi/ })).toBeVisible();

    const none = loans.getByRole('checkbox', { name: 'Ei lainoja' });
    const mortgage = loans.getByRole('checkbox', { name: 'Asuntolaina', exact: true });
    await none.check();
    await mortgage.check();
    await expect(none).not.toBeChecked();
    await none.check();
    await expect(mortgage).not.toBeChecked();
    await mortgage.check();

    const first = loans.getByRole('group', { name: 'Asuntolaina 1', exact: true });
    await expect(first.getByRole('button', { name: /Poista laina/ })).toHaveCount(0);
    await first.getByLabel('Asuntolaina 1: lainan määrä').fill('100');
    await first.getByLabel('Asuntolaina 1: kuukausierä').fill('200');
    await first.getByLabel('Asuntolaina 1: kuukausierä').blur();
    await expect(errorOf(page, 'primaryApplicantMortgageInput.0.monthlyPayment')).toContainText('Lyhennys ei voi olla lainaa suurempi');
    await first.getByLabel('Asuntolaina 1: lainan määrä').fill('150000');
    await expect(errorOf(page, 'primaryApplicantMortgageInput.0.monthlyPayment')).toHaveCount(0);

    await loans.getByRole('button', { name: 'Lisää laina (Asuntolainat)' }).click();
    const second = loans.getByRole('group', { name: 'Asuntolaina 2', exact: true });
    await expect(second.getByLabel('Asuntolaina 2: lainan määrä')).toBeFocused();
    await continueFrom(page, 5, FINISH);
    await expect(summary(page).getByRole('link')).toHaveText(['Asuntolaina 2: lainan määrä: Pakollinen tieto', 'Asuntolaina 2: kuukausierä: Pakollinen tieto']);
    await second.getByRole('button', { name: 'Poista laina (Asuntolaina 2)' }).click();
    await expect(second).toHaveCount(0);
    await continueFrom(page, 5, FINISH);
    await expect(step(page, 7)).toBeVisible();
  });
});

test.describe('step 6: co-applicant', () => {
  test('required fields in the summary; own address, town letters only, fixed-term end not in the past', async ({ page }) => {
    // Mid-June in the browser, so a month earlier this year is always in the past
    // (the end-date list holds only this year and later ones).
    test.setTimeout(120_000);
    const year = new Date().getFullYear();
    await page.clock.setFixedTime(new Date(year, 5, 15, 12));
    await reachStep(page, 6, { coApplicant: true });
    const co = step(page, 6);
    await continueFrom(page, 6, FINISH);
    await expect(summary(page)).toBeFocused();
    const links = summary(page).getByRole('link');
    await expect(links.filter({ hasText: 'Kanssahakijan asumismuoto: Pakollinen tieto' })).toHaveCount(1);
    await expect(links.filter({ hasText: 'Kanssahakijan asumiskulut: Pakollinen tieto' })).toHaveCount(1);
    await expect(links.filter({ hasText: 'Kanssahakijan bruttotulot: Pakollinen tieto' })).toHaveCount(1);
    await expect(links.filter({ hasText: /Valitse vähintään yksi/ })).toHaveCount(1);
    // The same address hides the address fields; an own address asks for them.
    await expect(field(page, 'coApplicantCity')).toHaveCount(0);
    await co.getByRole('checkbox', { name: 'Kanssahakija asuu samassa osoitteessa' }).uncheck();
    const city = field(page, 'coApplicantCity');
    await city.fill('Tampere 3');
    await city.blur();
    await expect(errorOf(page, 'coApplicantCity')).toContainText('Tarkista postitoimipaikka');
    await city.fill('Mäntsälä-Hyvinkää');
    await city.blur();
    await expect(errorOf(page, 'coApplicantCity')).toHaveCount(0);
    // A fixed-term job asks when it ends, and that may not be in the past.
    await selectCode(page, 'coApplicantEmploymentTypeId', 4);
    await selectCode(page, 'coApplicantTemporaryTillYear', year);
    await selectCode(page, 'coApplicantTemporaryTillMonth', 3);
    // selectOption does not focus the list; leave it the way an applicant would.
    await field(page, 'coApplicantTemporaryTillMonth').focus();
    await page.keyboard.press('Tab');
    await expect(errorOf(page, 'coApplicantTemporaryTillMonth')).toContainText('Aika ei voi olla menneisyydessä');
    await field(page, 'coApplicantLivingExpenses').fill('0');
    await field(page, 'coApplicantLivingExpenses').blur();
    await expect(errorOf(page, 'coApplicantLivingExpenses')).toHaveCount(0);
  });
});

test.describe('step 7: account and consents', () => {
  test('IBAN checksum on blur, consents required, IBAN may be given later', async ({ page }) => {
    await reachStep(page, 7);
    const iban = field(page, 'primaryApplicantIbanNumber');
    await iban.fill('FI2112345600000786');
    await iban.blur();
    await expect(errorOf(page, 'primaryApplicantIbanNumber')).toContainText('Tarkasta tilinumero');
    await step(page, 7).getByRole('button', { name: IDENTIFY }).click();
    await expect(summary(page).getByRole('link')).toHaveText([
      'Tilinumero: Tarkasta tilinumero',
      'Lupa luottotietojen tarkistamiseen: Pakollinen tieto',
      'Käyttöehtojen hyväksyminen: Pakollinen tieto',
    ]);
    await step(page, 7).getByRole('checkbox', { name: 'Annan tilinumeron myöhemmin' }).check();
    await expect(iban).toHaveCount(0);
    await expect(summary(page).getByRole('link')).toHaveCount(2);
    await step(page, 7).getByRole('button', { name: 'Mikä on PEP?' }).click();
    const pep = page.getByRole('dialog', { name: 'Poliittisesti vaikutusvaltainen henkilö (PEP)' });
    await expect(pep).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(pep).toBeHidden();
    await expect(step(page, 7).getByRole('button', { name: 'Mikä on PEP?' })).toBeFocused();
  });
});
