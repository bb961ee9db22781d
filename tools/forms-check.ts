// npm run forms:check [-- file.json ...]: every form document (default: all of forms/)
// against the meta-schema and its cross-references. Exit 1 on any finding.
import { join, relative } from 'node:path';
import { checkDocument } from '../engine/core/check.ts';
import { FORMS_DIR, FormLoadError, listFormDocuments, readFormDocument } from '../engine/core/node.ts';
import type { FormDocument } from '../engine/core/types.ts';

const files = process.argv.slice(2).length ? process.argv.slice(2) : listFormDocuments().map((id) => join(FORMS_DIR, `${id}.json`));
let failed = 0;
for (const file of files) {
  const name = relative(process.cwd(), file) || file;
  let doc: FormDocument;
  try {
    doc = readFormDocument(file, undefined, { check: false });
  } catch (error) {
    if (!(error instanceof FormLoadError)) throw error;
    console.error(`${name}: ${error.message}`);
    failed++;
    continue;
  }
  const findings = checkDocument(doc);
  if (findings.length === 0) {
    const fields = Object.keys(doc.schema.properties).length;
    const variants = Object.keys(doc.variants ?? {});
    console.log(`${name}: kunnossa (${fields} kenttää, ${doc.steps.length} vaihetta, muunnelmat: ${variants.join(', ') || 'ei'})`);
  } else {
    failed++;
    for (const finding of findings) console.error(`${name} ${finding.path}: ${finding.message}`);
  }
}
process.exit(failed ? 1 : 0);
