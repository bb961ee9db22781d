// What every application route does with a submitted body: a JSON object of a sane
// shape, nulls as cleared fields, and the form's verdict as a 400 with Finnish field
// messages (never a 500, even when the engine chokes on it).
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, ValidationError } from '../errors.ts';
import { checkJsonShape, isObject } from './payload.ts';
import type { ApplicationForm } from './products.ts';

export function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined) throw badRequest('emptyBody');
  if (!isObject(body)) throw badRequest('notAnObject');
  checkJsonShape(body);
  return body;
}

/** A null sent for a field clears it. */
export function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

export function validate(request: FastifyRequest, form: ApplicationForm, data: Record<string, unknown>, uptoStep: number): Record<string, unknown> {
  let result;
  try {
    result = form.validateSubmission(data, { uptoStep });
  } catch (error) {
    // A body the engine cannot digest is still the client's bad input, not a 500; the
    // error level makes the engine's fault visible (the fuzz test watches for it).
    request.log.error({ err: error }, 'form engine failed on a submission');
    throw new ApiError(400, 'BAD_REQUEST', 'validationUnavailable');
  }
  if (!result.valid) throw new ValidationError(Object.fromEntries(result.errors.map((error) => [error.field, error.message])));
  return result.data;
}
