// The generated valid applications (engine/qa, ADR 0005) walked through the real
// pages: for each variant set and co-applicant setting, every step the runtime says
// is active is filled from the case's data and continued, and the last one leads to
// strong identification. Nothing here knows the consumer form's fields; the
// document and the runtime say what to fill and how.
import { expect, test, type Request } from '@playwright/test';
import { readFormDocument, runtimeForDocument } from '../../engine/core/node.ts';
import { DEFAULT_SEED, generateAll } from '../../engine/qa/generate.ts';
import { expectStep } from './support/application.ts';
import { fillStep, startPage, stepSection } from './support/fill-from-document.ts';

const doc = readFormDocument('consumer');
// Generated when the file loads (in the runner and in each worker), because the
// test titles come from the cases. Only the valid complete applications are built:
// the generator makes exactly one per variant set and step-gating setting (the
// co-applicant box), 4 × 2 for this document, so none need to be left out.
const suites = generateAll(doc, { seed: DEFAULT_SEED, runtimeFor: runtimeForDocument, validOnly: true });
// One walk per variant set, the co-applicant setting alternating between them: every variant
// and both settings are walked, in half the browser time (the engine checks every case in
// tests/unit/qa/generated-cases.test.ts).
const walks = suites.flatMap((suite, index) => {
  const complete = suite.cases.filter((testCase) => testCase.kind === 'valid' && testCase.step === null && testCase.expected.valid);
  const withCoApplicant = complete.filter((testCase) => testCase.data.hasCoApplicant === true);
  const alone = complete.filter((testCase) => testCase.data.hasCoApplicant !== true);
  const wanted = index % 2 === 0 ? (withCoApplicant[0] ?? complete[0]) : (alone[0] ?? complete[0]);
  return wanted ? [{ suite, testCase: wanted }] : [];
});

const SAVE = '/consumer-applications/save';
// A page load or a save on the shared, busy machine can take longer than the config's expect timeout.
const patient = expect.configure({ timeout: 30_000 });

// A variant set the generator found no valid application for would otherwise just have no walk.
test('the generator gives a valid complete application for every variant set', () => {
  expect(suites.length).toBeGreaterThan(1);
  for (const suite of suites) expect(walks.filter((walk) => walk.suite === suite).length, suite.variant).toBeGreaterThan(0);
});

for (const { suite, testCase } of walks) {
  test(`${suite.variant}: ${testCase.description}`, async ({ page, baseURL }) => {
    // The shared 2-core machine makes a walk of 7 steps slow at times.
    test.setTimeout(180_000);
    const runtime = runtimeForDocument(doc, suite.variants);
    const data = testCase.data;
    const steps = runtime.activeSteps(data);
    const { url, product } = startPage(baseURL!, suite.variants);
    const saves: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes(SAVE)) saves.push(request);
    });

    await page.goto(url);
    for (const { number } of steps) {
      const section = stepSection(page, number);
      await patient(section).toBeVisible();
      await fillStep(page, runtime, number, data);
      await section.getByRole('button', { name: runtime.buttonLabel(number, data), exact: true }).click();

      const next = runtime.nextStep(number, data);
      const summary = section.locator('[data-error-summary]');
      if (next === null) {
        await patient(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' }).or(summary)).toBeVisible();
        expect(await summary.allInnerTexts(), `step ${number} refused the case`).toEqual([]);
        break;
      }
      await patient(stepSection(page, next).or(summary)).toBeVisible();
      expect(await summary.allInnerTexts(), `step ${number} refused the case`).toEqual([]);
      await expectStep(page, next);
    }

    await expect(page).toHaveURL(new RegExp(`/hakemus/${product}/authentication/\\d+/[A-Za-z0-9_-]{43}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Vahva tunnistautuminen' })).toBeVisible();

    // The last save carries the whole application: it must be the case, field for
    // field (lists travel in additionalFormData; hidden and unanswered fields as null).
    expect(saves.length, 'one save per step').toBe(steps.length);
    const body = saves.at(-1)!.postDataJSON() as Record<string, unknown>;
    const sent = { ...body, ...(body.additionalFormData as Record<string, unknown>) };
    const derived = new Set(Object.keys(doc.rules?.derived ?? {}));
    const answers = runtime.fieldIds.filter((field) => !derived.has(field));
    const pick = (source: Record<string, unknown>) => Object.fromEntries(answers.map((field) => [field, source[field] ?? null]));
    expect(pick(sent)).toEqual(pick(data));
  });
}
