// Schema compilation: at run time in Node (server, tools, tests) and as AJV
// standalone code at build time for the browser, which ships no AJV compiler.
import Ajv2020Module from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import type { Options } from 'ajv';
import { finnishKeywords } from '../../custom-validators/keywords.ts';
import { RUNTIME_NAMESPACE, toAjvKeyword } from '../../custom-validators/keyword.ts';
import type { FormDocument, SchemaValidateFunction } from './types.ts';

type AjvClass = typeof import('ajv/dist/2020.js').default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;
const standaloneCode = ((standaloneCodeModule as unknown as { default?: unknown }).default ?? standaloneCodeModule) as (
  ajv: InstanceType<AjvClass>,
  validate: unknown,
) => string;

/** Names used inside generated modules for the imported helper namespaces. */
const AJV_RUNTIME_NAMESPACE = '__ajvRuntime';

/** Keywords the form documents may use beyond JSON Schema's own, for annotations only. */
const ANNOTATION_KEYWORDS = ['x-note'];

export function createAjv(options: Options = {}): InstanceType<AjvClass> {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, ...options });
  for (const keyword of finnishKeywords) ajv.addKeyword(toAjvKeyword(keyword));
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  return ajv;
}

export function compileSchema(doc: FormDocument): SchemaValidateFunction {
  return createAjv().compile(doc.schema) as SchemaValidateFunction;
}

export interface StandaloneImports {
  /** Module specifier of custom-validators/runtime.ts as the generated file will import it. */
  customValidators: string;
  /** Module specifier of engine/core/ajv-runtime.ts. */
  ajvRuntime: string;
  /**
   * Per check (its export name), the module that defines it, imported in place of
   * runtime.ts: a bundler keeps a module a chunk imports, and runtime.ts imports every check
   * (the IBAN one with ibantools), so step 1's validator would bring them all (issue 31).
   */
  checkModules?: Readonly<Record<string, string>>;
}

/**
 * ESM source of the document's validator. AJV emits `require()` for its runtime
 * helpers; they are rewritten to imports so the module works under a bundler and
 * a strict CSP (no eval, no new Function). Its errors have no `message`.
 */
export function generateValidatorModule(doc: FormDocument, imports: StandaloneImports): string {
  return schemaValidatorModule(doc.id, doc.schema, imports);
}

/**
 * ESM source of a validator of `schema`, a part of document `id`'s (schema-parts.ts) or its
 * whole schema. It imports by name only the Finnish checks its code calls: a part whose
 * fields need no IBAN check does not bring the IBAN library into its chunk (issue 31).
 */
export function schemaValidatorModule(id: string, schema: FormDocument['schema'] | Record<string, unknown>, imports: StandaloneImports): string {
  // No English `message` on the errors: the runtime words every error from the document's
  // messages (messages.ts), so the browser's code need not carry AJV's texts (issue 13).
  const ajv = createAjv({ messages: false, code: { source: true, esm: true } });
  const validate = ajv.compile(schema);
  let code = standaloneCode(ajv, validate);
  code = code.replace(/require\("ajv\/dist\/runtime\/(\w+)"\)\.default/g, (_whole, name: string) => `${AJV_RUNTIME_NAMESPACE}.${name}`);
  const leftover = code.match(/require\([^)]*\)/);
  if (leftover) throw new Error(`${id}: generoitu validaattori vaatii tuntemattoman moduulin ${leftover[0]}`);
  const checks = [...new Set([...code.matchAll(new RegExp(`\\b${RUNTIME_NAMESPACE}\\.(\\w+)`, 'g'))].map((m) => m[1]))].sort();
  const header = [
    `// Generated from forms/${id}.json by engine/core/compile.ts. Do not edit.`,
    ...checks.map((name) => `import { ${name} } from ${JSON.stringify(imports.checkModules?.[name] ?? imports.customValidators)};`),
    checks.length ? `const ${RUNTIME_NAMESPACE} = { ${checks.join(', ')} };` : '',
    `import * as ${AJV_RUNTIME_NAMESPACE} from ${JSON.stringify(imports.ajvRuntime)};`,
  ].filter(Boolean).join('\n');
  return `${header}\n${code.replace(/^"use strict";/, '')}\n`;
}

/** The parameters a published validator module's factory takes, in order. */
export const FACTORY_PARAMETERS = [RUNTIME_NAMESPACE, AJV_RUNTIME_NAMESPACE] as const;

/**
 * ESM source of a published form release (issue 29 item 3), made by the server and served
 * as an immutable module: `document` (the resolved document of one variant set) and
 * `createValidator(finnishValidators, ajvRuntime)`, which returns its validator. It imports
 * nothing, so it needs no bundler and names no file of the build; the page hands in the two
 * helper namespaces its own bundle already has. No eval, no new Function: a strict CSP holds.
 */
export function generateReleaseModule(doc: FormDocument): string {
  const ajv = createAjv({ messages: false, code: { source: true } });
  let code = standaloneCode(ajv, ajv.compile(doc.schema));
  code = code.replace(/require\("ajv\/dist\/runtime\/(\w+)"\)\.default/g, (_whole, name: string) => `${AJV_RUNTIME_NAMESPACE}.${name}`);
  const leftover = code.match(/require\([^)]*\)/);
  if (leftover) throw new Error(`${doc.id}: generoitu validaattori vaatii tuntemattoman moduulin ${leftover[0]}`);
  return [
    `// A published release of form ${doc.id}, made by engine/core/compile.ts. Do not edit.`,
    `export const document = ${JSON.stringify(doc)};`,
    `export function createValidator(${FACTORY_PARAMETERS.join(', ')}) {`,
    'const module = { exports: {} };',
    code.replace(/^"use strict";/, ''),
    'return module.exports;',
    '}',
    '',
  ].join('\n');
}
