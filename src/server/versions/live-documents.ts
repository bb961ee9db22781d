// The live forms' documents as the content versions make them (src/server/forms/live-forms.ts
// asks at start and after each publish). A document live as forms/ has it is forms/'s checked
// document (cached between starts); another is resolved from the live sources and checked,
// and one that does not pass keeps its earlier release, with the reason logged.
import type { FastifyBaseLogger } from 'fastify';
import type { FormDocument } from '../../../engine/core/types.ts';
import type { Products } from '../applications/products.ts';
import type { Queryable } from '../db/index.ts';
import type { ResolveLive } from '../forms/live-forms.ts';
import { readLiveSources } from './live-sources.ts';

export function liveDocuments(db: Queryable, products: Products, log: FastifyBaseLogger): ResolveLive {
  return async (documentIds) => {
    const sources = await readLiveSources(db, products.formsDir);
    const documents = new Map<string, FormDocument>();
    for (const id of documentIds) {
      if (sources.asInFiles(id)) {
        documents.set(id, products.fileDocument(id));
        continue;
      }
      let checked;
      try {
        checked = sources.resolve(id);
      } catch (error) {
        checked = { findings: [{ path: '', message: (error as Error).message }], document: undefined };
      }
      if (checked.findings.length || !checked.document) log.error({ document: id, findings: checked.findings.slice(0, 5) }, 'the live content of a form does not pass its check; its earlier release stays live');
      else documents.set(id, checked.document);
    }
    return documents;
  };
}
