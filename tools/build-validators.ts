// npm run validators:build: writes the AJV standalone validator of every form
// document and variant set to build/validators/, as the browser build uses them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { generateValidatorModule } from '../engine/core/compile.ts';
import { resolveVariants, variantKey, variantSets } from '../engine/core/document.ts';
import { listFormDocuments, readFormDocument } from '../engine/core/node.ts';

const outDir = join(process.cwd(), 'build', 'validators');
mkdirSync(outDir, { recursive: true });
const importFrom = (target: string) => relative(outDir, join(process.cwd(), target)).replace(/\\/g, '/');

for (const id of listFormDocuments()) {
  const doc = readFormDocument(id);
  for (const set of variantSets(doc)) {
    const code = generateValidatorModule(resolveVariants(doc, set), {
      customValidators: importFrom('custom-validators/runtime.ts'),
      ajvRuntime: importFrom('engine/core/ajv-runtime.ts'),
    });
    const file = join(outDir, `${id}.${variantKey(doc, set)}.js`);
    writeFileSync(file, code);
    console.log(`${relative(process.cwd(), file)}: ${(code.length / 1024).toFixed(1)} KiB`);
  }
}
