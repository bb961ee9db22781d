// The schema's own `default`s as the starting data, so what the wizard validates
// and what the controls show agree before the applicant changes anything.
import type { FormData, FormDocument, JsonSchema } from '../core/index.ts';

export function schemaDefaults(doc: FormDocument): FormData {
  const data: FormData = {};
  for (const [field, schema] of Object.entries(doc.schema.properties) as Array<[string, JsonSchema]>) {
    if (schema.default !== undefined && !schema.readOnly) data[field] = structuredClone(schema.default);
  }
  return data;
}
