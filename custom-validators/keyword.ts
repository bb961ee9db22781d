// One factory turns a plain check function into an AJV `code` keyword. Only `code`
// keywords survive AJV standalone generation, so every Finnish validator goes
// through here: the generated module calls the same pure function the tests call.
import { _, Name, stringify } from 'ajv';
import type { KeywordCxt, KeywordDefinition } from 'ajv';

/**
 * The identifier the standalone generator binds to `import * as … from
 * 'custom-validators/runtime'`. The keyword code refers to helpers through it, so
 * generated validators need no `require` and no closure over live functions.
 */
export const RUNTIME_NAMESPACE = '__fiValidators';

/** A failing example: the value, the keyword's options, and the code it must give. */
export interface InvalidExample {
  value: unknown;
  options?: unknown;
  code: string;
  note?: string;
}

export interface FinnishKeyword<Options = unknown> {
  /** The keyword as written in a form document's schema, e.g. `fiPersonalId`. */
  keyword: string;
  /** JSON types the keyword applies to; AJV skips it for other types. */
  type: 'string' | 'number' | 'integer' | Array<'string' | 'number' | 'integer'>;
  /** Name under which `custom-validators/runtime.ts` exports `check`. */
  exportName: string;
  /**
   * Returns null when the value passes, otherwise an error code from `codes`.
   * `options` is the keyword's value in the schema (`true` or an object).
   */
  check: (value: never, options: Options) => string | null;
  /** Every code `check` can return; each needs a Finnish message `keyword.code` in forms/. */
  codes: readonly string[];
  /** Metadata for QA generators: values that pass and values that fail with their code. */
  examples: { options: Options; valid: unknown[]; invalid: InvalidExample[] };
  /**
   * Values on both sides of the keyword's numeric options as of `today` (the day someone
   * turns `minAge`, and the day before), with the code each gives (null: passes). A
   * generator cannot guess these from fixed examples: they move with the date.
   */
  edges?: (options: Options, today: Date) => KeywordEdge[];
}

export interface KeywordEdge {
  value: unknown;
  code: string | null;
  note: string;
}

export function toAjvKeyword(def: FinnishKeyword): KeywordDefinition {
  return {
    keyword: def.keyword,
    type: def.type,
    schemaType: ['boolean', 'object'],
    errors: true,
    error: {
      message: ({ params }) => _`${params.code}`,
      params: ({ params }) => _`{code: ${params.code}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema } = cxt;
      if (schema === false) return;
      const fn = gen.scopeValue('func', {
        ref: def.check,
        code: _`${new Name(RUNTIME_NAMESPACE)}.${new Name(def.exportName)}`,
      });
      const result = gen.const('fiResult', _`${fn}(${data}, ${stringify(schema)})`);
      cxt.setParams({ code: result });
      cxt.fail(_`${result} !== null`);
    },
  };
}
