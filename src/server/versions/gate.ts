// What a version must pass before it goes live (issue 29 items 3 and 6): the checks of
// forms:check, run on the candidate in the company of what is live (a section is checked in
// every document that includes it, the shared messages in every document, a document with the
// live sections, the catalogue against the live documents, the banners against the live
// catalogue's brands, a legal page against site.json's placeholders), and, for a form, the QA
// verdict when one is given. Any finding refuses. Content that is not a form needs no verdict.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkBanners } from '../../../engine/core/banners.ts';
import { checkCatalogue } from '../../../engine/core/catalogue.ts';
import { checkSection, checkSharedMessages } from '../../../engine/core/check.ts';
import { checkContentPage } from '../../../engine/core/content-check.ts';
import { knownPlaceholders, type SiteContent } from '../../../engine/core/content.ts';
import type { Finding } from '../../../engine/core/types.ts';
import { CONTENT_FOLDER, FORMS_DIR, SITE_CONTENT_FILE } from '../../../engine/core/node.ts';
import type { Queryable } from '../db/index.ts';
import { BANNERS_ITEM, pageOfItem } from './items.ts';
import { readLiveSources } from './live-sources.ts';
import type { VerdictJobs } from './qa-verdicts.ts';
import type { GateFinding, PublishGate } from './service.ts';

export interface GateOptions {
  formsDir?: string;
  /** The flow modules there are (server-registry's serverFlowNames): a catalogue naming another is refused. */
  knownFlows?: readonly string[];
  /** The QA verdicts made when versions were sent for approval: a form or section goes live only with a passing one. */
  verdicts?: Pick<VerdictJobs, 'stored'>;
}

const described = (finding: Finding, where?: string): GateFinding => ({
  path: finding.path,
  message: [where, finding.section && `osio ${finding.section}`, finding.message].filter(Boolean).join(': '),
});

/** The placeholders a legal page may use: site.json's values (not versioned; read as forms:check reads it) and the brand's own. */
function sitePlaceholders(formsDir: string): Set<string> {
  try {
    return knownPlaceholders(JSON.parse(readFileSync(join(formsDir, CONTENT_FOLDER, SITE_CONTENT_FILE), 'utf8')) as SiteContent);
  } catch {
    return knownPlaceholders(undefined);
  }
}

export function createPublishGate(db: Queryable, { formsDir = FORMS_DIR, knownFlows, verdicts }: GateOptions = {}): PublishGate {
  const judged = async (item: string, source: unknown) => {
    if (!verdicts) return { findings: [] };
    const stored = await verdicts.stored(item, source);
    if (!stored) return { findings: [{ path: '', message: 'QA-arvio puuttuu tai on vielä kesken: se tehdään, kun versio lähetetään hyväksyttäväksi.' }] };
    return { findings: stored.reasons.map((message) => ({ path: '', message })), verdict: stored };
  };

  const gate: PublishGate = async (item, source) => {
    const sources = await readLiveSources(db, formsDir);
    const candidate = new Map([[item, source]]);
    const [kind, id] = item.includes(':') ? [item.slice(0, item.indexOf(':')), item.slice(item.indexOf(':') + 1)] : [item, ''];

    if (kind === 'document') {
      const checked = sources.resolve(id, candidate);
      if (checked.findings.length) return { findings: checked.findings.map((finding) => described(finding)) };
      return judged(item, source);
    }
    if (kind === 'section' || kind === 'messages') {
      const own = (kind === 'section' ? checkSection(source, id) : checkSharedMessages(source)).map((finding) => described(finding));
      if (own.length) return { findings: own };
      const findings: GateFinding[] = [];
      for (const documentId of sources.affected(item)) {
        findings.push(...sources.resolve(documentId, candidate).findings.map((finding) => described(finding, `lomake ${documentId}`)));
      }
      return findings.length ? { findings } : judged(item, source);
    }
    if (kind === 'catalogue') {
      return { findings: checkCatalogue(source, (documentId) => sources.cleanly(documentId), knownFlows).map((finding) => described(finding)) };
    }
    if (item === BANNERS_ITEM) {
      const catalogue = sources.source('catalogue') as { brands?: Record<string, unknown> };
      return { findings: checkBanners(source, new Set(Object.keys(catalogue.brands ?? {}))).map((finding) => described(finding, 'tiedotteet')) };
    }
    if (pageOfItem(item) !== undefined) return { findings: checkContentPage(source, sitePlaceholders(formsDir)).map((finding) => described(finding, `sivu ${pageOfItem(item)}`)) };
    // site.json is not versioned (ADR 0011): it is bundled into the pages.
    return { findings: [{ path: '', message: `sisältöä "${item}" ei julkaista studiosta: se kootaan sivuihin, kun ne rakennetaan` }] };
  };
  return async (item, source) => {
    try {
      return await gate(item, source);
    } catch (error) {
      // A source that cannot be read or resolved at all (a section that does not exist) is a finding, not a crash.
      return { findings: [{ path: '', message: (error as Error).message }] };
    }
  };
}
