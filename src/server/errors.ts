// Every answer that is not a success goes through here, so a client mistake is always
// a 4xx with `{type, message}` and only a fault of ours becomes a 500.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { text, type MessageKey } from './messages.ts';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string> = {},
    /** Extra members of the response body, e.g. the list of unknown fields. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(text(messageKey, params, 'en'));
  }

  body(): Record<string, unknown> {
    return { type: this.type, message: text(this.messageKey, this.params), ...this.extra };
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string>, extra?: Record<string, unknown>) =>
  new ApiError(400, 'BAD_REQUEST', key, params, extra);

/** One answer for a wrong id and a wrong token, so neither can be probed. */
export const applicationNotFound = () => new ApiError(404, 'NOT_FOUND', 'applicationNotFound');

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly errors: Record<string, string>) {
    super(`validation failed: ${Object.keys(errors).join(', ')}`);
  }
}

/** Fastify's own client errors, by code, and what the client is told. */
const FRAMEWORK_ERRORS: Record<string, { status: number; type: string; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, type: 'INVALID_JSON', key: 'invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, type: 'EMPTY_BODY', key: 'emptyBody' },
  // The issue asks for 400 rather than 415 for a wrong content type.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, type: 'UNSUPPORTED_CONTENT_TYPE', key: 'unsupportedContentType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, type: 'BAD_REQUEST', key: 'badRequest' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, type: 'PAYLOAD_TOO_LARGE', key: 'bodyTooLarge' },
};

/**
 * Errors Fastify raises before routing. Its own answers would echo the path, token
 * included; a parameter too long for any route matches nothing, hence 404.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ type: 'NOT_FOUND', message: text('notFound') });
    return;
  }
  errorHandler(error, request, reply);
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof ValidationError) {
    request.log.info({ fields: Object.keys(error.errors) }, 'validation failed');
    void reply.code(400).send({ type: 'VALIDATION_ERROR', errors: error.errors });
    return;
  }
  if (error instanceof ApiError) {
    // The key, not the message: a message may quote what the client sent (unknown field names).
    request.log.info({ type: error.type, reason: error.messageKey }, 'request refused');
    // A limit says when to come back (issue 14: 429 with Retry-After).
    const retryAfter = error.extra.retryAfterSeconds;
    if (error.statusCode === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    void reply.code(error.statusCode).send(error.body());
    return;
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_VALIDATION') {
    // The contract's schemas refused the request (contract-routes.ts): where and which keyword, never the value.
    const [first] = (error as FastifyError).validation ?? [];
    request.log.info({ code, part: (error as FastifyError).validationContext, path: first?.instancePath, keyword: first?.keyword }, 'request refused by the contract');
    void reply.code(400).send({ type: 'BAD_REQUEST', message: text('badRequest') });
    return;
  }
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) {
    // Only the code is logged: a JSON parser's message may quote the body.
    request.log.info({ code }, 'rejected request body');
    void reply.code(known.status).send({ type: known.type, message: text(known.key) });
    return;
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ code, status }, 'client error');
    void reply.code(status).send({ type: 'BAD_REQUEST', message: text('badRequest') });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.code(500).send({ type: 'INTERNAL_ERROR', message: text('internal') });
}
