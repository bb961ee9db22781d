// What every application route does with a submitted body: a JSON object of a sane
// shape, nulls as cleared fields, and the form's verdict as a 400 with Finnish field
// messages (never a 500, even when the engine chokes on it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogueProduct } from '../../../engine/core/catalogue.ts';
import { ApiError, badRequest, ValidationError } from '../errors.ts';
import { isObject, parseSavePayload, readVariantFields, type SavePayload } from './payload.ts';
import type { ApplicationForm, Products } from './products.ts';

/** The application routes' scope: JSON bodies only, and no cache may keep an answer (they carry tokens and personal data). */
export function jsonNoStoreScope(app: FastifyInstance): void {
  // Without this Fastify would hand a text/plain body over as a string.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/**
 * A new application's body, read against the product and brand it names (else the group's
 * first product and the default brand): the form it is checked with and its parts.
 * `lastStepByDefault`: a body that names no step is at the form's last (a one-step form's create call).
 */
export function readNewApplication(
  request: FastifyRequest,
  products: Products,
  group: readonly CatalogueProduct[],
  { lastStepByDefault = false }: { lastStepByDefault?: boolean } = {},
): { product: CatalogueProduct; brand: string; form: ApplicationForm; payload: SavePayload } {
  const body = jsonBody(request);
  const productIds = group.map((product) => product.id);
  const brandIds = Object.keys(products.catalogue.brands);
  const chosen = readVariantFields(body, productIds, brandIds);
  const product = products.product(chosen.product ?? productIds[0])!;
  const brand = chosen.brand ?? products.catalogue.defaultBrand;
  if (!product.brands.includes(brand)) throw badRequest('invalidField', { field: 'brand', expected: product.brands.join(' tai ') });
  const form = products.formFor(product.id, brand);
  const payload = parseSavePayload(body, { fieldIds: form.fieldIds, lastStep: form.lastStep, products: productIds, brands: brandIds }, lastStepByDefault ? { step: form.lastStep } : {});
  return { product, brand, form, payload };
}

export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined) throw badRequest('emptyBody');
  // The shape (no NUL, no lone surrogate, no deep nesting) was checked by the parser (json-body.ts).
  if (!isObject(body)) throw badRequest('notAnObject');
  return body;
}

/** A null sent for a field clears it. */
export function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

/**
 * A save's check (the engine's validateSave, as the browser runs it): steps 1..uptoStep
 * complete, and every answer of a later step the data carries valid by its schema, so a
 * step-1 save cannot store a later answer nobody checked (issue 24).
 */
export function validate(request: FastifyRequest, form: ApplicationForm, data: Record<string, unknown>, uptoStep: number): Record<string, unknown> {
  let result;
  try {
    result = form.validateSave(data, { uptoStep });
  } catch (error) {
    // A body the engine cannot digest is still the client's bad input, not a 500; the
    // error level makes the engine's fault visible (the fuzz test watches for it).
    request.log.error({ err: error }, 'form engine failed on a submission');
    throw new ApiError(400, 'BAD_REQUEST', 'validationUnavailable');
  }
  if (!result.valid) throw new ValidationError(Object.fromEntries(result.errors.map((error) => [error.field, error.message])));
  return result.data;
}
