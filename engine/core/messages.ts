// Turns schema errors into `{field, message}` in Finnish, using only the document's
// `messages` and `fieldMessages`: no message text lives in code.
import { pointerToField, wildcardPath } from './fields.ts';
import type { AjvLikeError, FormDocument } from './types.ts';

export const FALLBACK_MESSAGE_KEY = 'default';

/** Looks a message up: the field's own, then the document's, then the default; fills {params}. */
export function messageFor(doc: FormDocument, field: string, keys: string[], params: Record<string, unknown> = {}): string {
  const own = doc.fieldMessages?.[field] ?? doc.fieldMessages?.[wildcardPath(field)];
  for (const key of keys) {
    const template = own?.[key] ?? doc.messages[key];
    if (template !== undefined) return fill(template, params);
  }
  return doc.messages[FALLBACK_MESSAGE_KEY];
}

function fill(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}

/** The message keys to try for one schema error, most specific first. */
export function messageKeys(error: AjvLikeError): string[] {
  const code = error.params?.code;
  if (typeof code === 'string') return [`${error.keyword}.${code}`, error.keyword];
  if (error.keyword === 'type') return [`type.${String(error.params.type)}`, 'type'];
  return [error.keyword];
}

/** The field an error belongs to: `required` and `additionalProperties` name the child. */
export function errorField(error: AjvLikeError): string {
  const base = pointerToField(error.instancePath);
  const child = error.keyword === 'required' ? error.params.missingProperty : error.keyword === 'additionalProperties' ? error.params.additionalProperty : undefined;
  return typeof child === 'string' ? (base ? `${base}.${child}` : child) : base;
}

/**
 * Keeps the outermost failing keyword per value: a failed `oneOf` of options is one
 * error ("choose one of the options"), not one per option it did not equal.
 */
export function collapseBranchErrors(errors: AjvLikeError[]): AjvLikeError[] {
  return errors.filter(
    (error) =>
      !errors.some(
        (other) => other !== error && other.instancePath === error.instancePath && error.schemaPath.startsWith(`${other.schemaPath}/`),
      ),
  );
}
