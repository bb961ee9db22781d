// The editors' preview (npm run editor) on a temporary forms folder: it lists the
// documents, renders one with the real renderer, shows forms:check findings of a
// broken copy, and picks up a file (the document or a section it includes) saved
// while the page is open.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 4321) + 100;
const URL = `http://127.0.0.1:${PORT}/`;

test.describe.configure({ mode: 'serial' });

let formsDir: string;
let editor: ChildProcess;

test.beforeAll(async () => {
  formsDir = mkdtempSync(join(tmpdir(), 'editor-forms-'));
  cpSync(join(ROOT, 'forms'), formsDir, { recursive: true });
  const broken = JSON.parse(readFileSync(join(ROOT, 'forms/consumer.json'), 'utf8'));
  broken.steps[0].sections[0].fields.push('eiOleOlemassa');
  writeFileSync(join(formsDir, 'rikki.json'), JSON.stringify(broken, null, 2));
  editor = spawn(process.execPath, ['--import', 'tsx', 'tools/editor.ts', '--port', String(PORT)], {
    cwd: ROOT,
    env: { ...process.env, EDITOR_FORMS_DIR: formsDir },
    stdio: 'ignore',
  });
  for (let tries = 0; tries < 120; tries++) {
    try {
      if ((await fetch(`${URL}__editor/forms`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('esikatselu ei käynnistynyt');
});

test.afterAll(() => {
  editor?.kill();
  rmSync(formsDir, { recursive: true, force: true });
});

test('lists the documents and renders the consumer form with no findings', async ({ page }) => {
  await page.goto(URL);
  const forms = page.getByRole('navigation', { name: 'Lomakkeet' });
  await expect(forms.getByRole('button', { name: 'consumer' })).toBeVisible();
  await expect(forms.getByRole('button', { name: 'rikki' })).toBeVisible();
  // Every document of the folder, the new products' too.
  for (const name of ['business', 'mortgage', 'insurance']) await expect(forms.getByRole('button', { name })).toBeVisible();
  await forms.getByRole('button', { name: 'consumer' }).click();
  await expect(page.getByText('Ei havaintoja: lomake on kunnossa.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Lainan käyttötarkoitus').first()).toBeVisible();
  await page.getByLabel('Muunnelma').selectOption('kattokorko');
  await expect(page.getByText('2 000 €').first()).toBeVisible();
  await expectNoAxeViolations(page, 'esikatselu');
});

test('previews the insurance document, a customer service, as it does the loans', async ({ page }) => {
  await page.goto(URL);
  await page.getByRole('navigation', { name: 'Lomakkeet' }).getByRole('button', { name: 'insurance' }).click();
  await expect(page.getByText('Ei havaintoja: lomake on kunnossa.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('slider', { name: 'Turvattava kuukausierä, liukusäädin' })).toHaveValue('200');
  await expect(page.getByRole('group', { name: 'Vakuutusmaksun eräpäivä' }).getByRole('radio')).toHaveCount(3);
});

test('shows the findings of a broken document with their JSON paths', async ({ page }) => {
  await page.goto(URL);
  await page.getByRole('button', { name: 'rikki' }).click();
  const findings = page.getByRole('complementary', { name: 'forms:check-havainnot' });
  await expect(findings.getByText('/steps/0/sections/0/fields/4')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Lomaketta ei voi näyttää ennen kuin havainnot on korjattu.')).toBeVisible();
});

test('reloads when the file changes', async ({ page }) => {
  await page.goto(URL);
  await page.getByRole('navigation', { name: 'Lomakkeet' }).getByRole('button', { name: 'consumer' }).click();
  await expect(page.getByText('Ei havaintoja: lomake on kunnossa.')).toBeVisible({ timeout: 20_000 });
  const doc = JSON.parse(readFileSync(join(formsDir, 'consumer.json'), 'utf8'));
  doc.messages = { ...doc.messages, required: 42 };
  writeFileSync(join(formsDir, 'consumer.json'), JSON.stringify(doc, null, 2));
  await expect(page.getByRole('status')).toHaveText('consumer päivitetty tiedostosta', { timeout: 20_000 });
  await expect(page.getByText('/messages/required')).toBeVisible();
});

test('reloads when a section the document includes changes, naming the section file', async ({ page }) => {
  // The test before left consumer.json broken on purpose.
  writeFileSync(join(formsDir, 'consumer.json'), readFileSync(join(ROOT, 'forms/consumer.json'), 'utf8'));
  const file = join(formsDir, 'sections', 'housing.json');
  const original = readFileSync(file, 'utf8');
  await page.goto(URL);
  await page.getByRole('navigation', { name: 'Lomakkeet' }).getByRole('button', { name: 'consumer' }).click();
  await expect(page.getByText('Ei havaintoja: lomake on kunnossa.')).toBeVisible({ timeout: 20_000 });
  const section = JSON.parse(original);
  section.fields.Zip.label = 42;
  writeFileSync(file, JSON.stringify(section, null, 2));
  await expect(page.getByRole('status')).toHaveText('housing.json päivitetty tiedostosta', { timeout: 20_000 });
  const findings = page.getByRole('complementary', { name: 'forms:check-havainnot' });
  await expect(findings.getByText('sections/housing.json').first()).toBeVisible();
  await expect(findings.getByText('/fields/Zip/label').first()).toBeVisible();
  writeFileSync(file, original);
});
