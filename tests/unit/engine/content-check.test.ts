// The content that is not a form (forms/content/: site.json and the legal pages, issue 25
// and 28) is changed by an editor without code; forms:check refuses a broken file naming
// the file and the JSON path, and the form documents' links lead to pages that exist.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSection } from '../../../engine/core/check.ts';
import { checkContentPage, checkSiteContent } from '../../../engine/core/content-check.ts';
import { brandValues, fillPlaceholders, knownPlaceholders, type SiteContent } from '../../../engine/core/content.ts';
import { parseLinks } from '../../../engine/core/links.ts';
import { FORMS_DIR, checkContentFiles, listContentPages, readFormDocument } from '../../../engine/core/node.ts';

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string) => JSON.parse(readFileSync(join(FORMS_DIR, path), 'utf8'));
const site = read('content/site.json') as SiteContent;
const page = () => read('content/legal/kayttoehdot.json');
const placeholders = knownPlaceholders(site);
const paths = (findings: Array<{ path: string }>) => findings.map((f) => f.path);

describe('content pages', () => {
  it('the shipped content passes, and the four legal pages exist', () => {
    for (const { file, findings } of checkContentFiles()) expect(findings, file).toEqual([]);
    expect(listContentPages()).toEqual(['ennakkotiedot', 'kayttoehdot', 'sivuston-kayttoehdot', 'tietosuojaseloste']);
  });

  it('refuses a page that breaks the format, by JSON path', () => {
    const doc = page();
    doc.sections[1].heading = 5;
    delete doc.version;
    doc.sections[2].extra = 'x';
    const findings = checkContentPage(doc, placeholders);
    expect(paths(findings)).toEqual(expect.arrayContaining(['/sections/1/heading', '/', '/sections/2']));
    expect(findings.find((f) => f.path === '/')!.message).toMatch(/version/);
  });

  it('refuses a date that is not one, an unknown placeholder and a link that is not a page or https', () => {
    const doc = page();
    doc.updated = '2026-02-30';
    doc.sections[0].paragraphs[1] = 'Soita {phoen}.';
    doc.sections[3].paragraphs[0] = 'Lue [tämä](javascript:alert(1)) ja [tuo](//muu.example).';
    const findings = checkContentPage(doc, placeholders);
    expect(findings).toContainEqual({ path: '/updated', message: 'päivämäärää 2026-02-30 ei ole' });
    expect(findings).toContainEqual(expect.objectContaining({ path: '/sections/0/paragraphs/1', message: expect.stringContaining('{phoen}') }));
    expect(findings).toContainEqual(expect.objectContaining({ path: '/sections/3/paragraphs/0', message: expect.stringContaining('"//muu.example"') }));
  });

  it('refuses site content whose footer links to a missing page or whose brand override has no common value', () => {
    const broken = structuredClone(site) as SiteContent & { brands: Record<string, { values: Record<string, string> }> };
    broken.footer.links[2].page = 'ehdot';
    broken.brands.kattokorko.values.slogan = 'x';
    broken.brands.tuntematon = { values: {} };
    const findings = checkSiteContent(broken, new Set(listContentPages()), new Set(['lainavertailu', 'kattokorko']));
    expect(paths(findings).sort()).toEqual(['/brands/kattokorko/values/slogan', '/brands/tuntematon', '/footer/links/2/page']);
  });

  it("fills a brand's values: its name and domain, the common values and its overrides", () => {
    const values = brandValues(site, { id: 'kattokorko', name: 'Kattokorko', domain: 'kattokorko.fi' });
    expect(fillPlaceholders('{brand}: {email}', values)).toBe('Kattokorko: asiakaspalvelu@kattokorko.fi');
    expect(values.service).toBe(site.brands!.kattokorko.values!.service);
    expect(brandValues(site, { id: 'lainavertailu', name: 'Lainavertailu', domain: 'lainavertailu.fi' }).service).toBe(site.values.service);
  });
});

describe('links in form texts', () => {
  it('reads `[text](/path)` and https links, and leaves any other link as written', () => {
    expect(parseLinks('Hyväksyn [ehdot](/kayttoehdot).')).toEqual([{ text: 'Hyväksyn ' }, { text: 'ehdot', href: '/kayttoehdot' }, { text: '.' }]);
    expect(parseLinks('[a](javascript:x) [b](https://x.fi/y)')).toEqual([{ text: '[a](javascript:x) ' }, { text: 'b', href: 'https://x.fi/y' }]);
  });

  it('forms:check refuses a section whose label links somewhere unsafe, by JSON path', () => {
    const section = read('sections/consents.json');
    section.fields.AcceptTerms.schema.title = 'Hyväksyn [ehdot](javascript:alert(1))';
    expect(checkSection(section, 'consents')).toContainEqual(expect.objectContaining({ path: '/fields/AcceptTerms/schema/title', section: 'consents' }));
  });

  it("every form's terms consent links to the terms, the privacy policy and the pre-contract information, pages that exist", () => {
    const pages = new Set(listContentPages().map((name) => `/${name}`));
    for (const [id, field] of [
      ['consumer', 'primaryApplicantAcceptTerms'],
      ['consumer', 'coApplicantAcceptTerms'],
      ['mortgage', 'coApplicantAcceptTerms'],
    ]) {
      const title = (readFormDocument(id).schema.properties[field] as { title: string }).title;
      const hrefs = parseLinks(title).flatMap((part) => ('href' in part ? [part.href] : []));
      expect(hrefs.sort(), `${id} ${field}`).toEqual(['/ennakkotiedot', '/kayttoehdot', '/tietosuojaseloste']);
      for (const href of hrefs) expect(pages, href).toContain(href);
    }
  });
});

describe('forms:check on content', () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-check-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 on a broken page, naming the file and the JSON path', () => {
    cpSync(FORMS_DIR, join(dir, 'forms'), { recursive: true });
    const file = join(dir, 'forms', 'content', 'legal', 'kayttoehdot.json');
    const doc = page();
    doc.sections[0].paragraphs = [];
    writeFileSync(file, JSON.stringify(doc));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/forms-check.ts', file], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/kayttoehdot\.json \/sections\/0\/paragraphs: ei vastaa sisältösivun rakennetta: must NOT have fewer than 1 items/);
    expect(result.stdout).toMatch(/content\/site\.json: kunnossa \(sisältö\)/);
  });
});
