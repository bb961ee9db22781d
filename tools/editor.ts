// npm run editor [-- --port N]: the live preview for content editors, in
// development only. EDITOR_FORMS_DIR points it at another forms folder (tests use a copy).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { FORMS_DIR } from '../engine/core/node.ts';
import { formsApiPlugin } from '../src/editor/forms-api.ts';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const port = Number(values.port ?? process.env.EDITOR_PORT ?? 5180);
const formsDir = resolve(process.env.EDITOR_FORMS_DIR ?? FORMS_DIR);
const root = resolve(import.meta.dirname, '../src/editor');

const server = await createServer({
  configFile: false,
  root,
  plugins: [react(), formsApiPlugin(formsDir)],
  resolve: { alias: { 'markdown-to-jsx/react': resolve(import.meta.dirname, '../engine/react/plain-markdown.tsx') } },
  server: { port, strictPort: true, host: '127.0.0.1', fs: { allow: [resolve(import.meta.dirname, '..')] } },
  logLevel: 'warn',
});
await server.listen();
console.log(`Esikatselu: http://127.0.0.1:${port}/ (lomakkeet: ${formsDir})`);
