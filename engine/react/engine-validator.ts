// RJSF asks for a `validator`. This one answers from the engine runtime and its
// precompiled schema validator, so the bundle carries no AJV compiler and nothing
// is compiled in the browser (ADR 0003). The wizard validates through the runtime
// itself and feeds RJSF its errors; RJSF calls this only to match `oneOf` options
// while it computes defaults, which needs no more than const/enum/type. The wizard's
// forms are sections of the document (sections.ts): a section's data is checked as
// part of the whole application, which `application` gives.
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import type { FieldError, FormData, FormRuntime } from '../core/index.ts';

export function toErrorSchema(errors: readonly FieldError[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const { field, message } of errors) {
    let node = root;
    for (const segment of field.split('.')) node = (node[segment] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(message);
  }
  return root as ErrorSchema;
}

function toRjsfErrors(errors: readonly FieldError[]): RJSFValidationError[] {
  return errors.map(({ field, message }) => ({ property: `.${field}`, message, stack: `${field}: ${message}` }));
}

const TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

/** The structural part of a schema an option match depends on. */
export function matchesShape(schema: RJSFSchema, value: unknown): boolean {
  if (schema.const !== undefined && value !== schema.const) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) return false;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.length === 0 || types.some((type) => TYPE_CHECKS[type]?.(value));
}

export function engineValidator(runtime: FormRuntime, application?: () => FormData): ValidatorType {
  /** Whether `formData` is valid as the root of `rootSchema`: the document, or one section of it. */
  function rootValid(formData: unknown, rootSchema: RJSFSchema): boolean {
    const data = (formData ?? {}) as FormData;
    if (rootSchema === runtime.document.schema || application === undefined) return runtime.validate(data).valid;
    const fields = Object.keys(rootSchema.properties ?? {});
    return runtime.validate({ ...application(), ...data }, { fields }).valid;
  }

  return {
    validateFormData(formData): ValidationData<unknown> {
      const { errors } = runtime.validate((formData ?? {}) as FormData);
      return { errors: toRjsfErrors(errors), errorSchema: toErrorSchema(errors) };
    },
    isValid(schema, formData, rootSchema) {
      if (schema === rootSchema) return rootValid(formData, rootSchema);
      return matchesShape(schema, formData);
    },
    rawValidation<Result>(_schema: RJSFSchema, formData?: unknown) {
      return { errors: runtime.validate((formData ?? {}) as FormData).errors as Result[] };
    },
  };
}
