// Reading the bodies of the code endpoints. Every shape mistake is a 400 with a clear
// message; malformed credentials get the same 404 as wrong ones (applications/credentials.ts).
import type { FastifyRequest } from 'fastify';
import { applicationCredentials } from '../applications/credentials.ts';
import { isObject } from '../applications/payload.ts';
import { badRequest } from '../errors.ts';

const MAX_OTP_LENGTH = 32;

export interface Credentials {
  applicationId: number;
  applicationToken: string;
}

function objectBody(request: FastifyRequest, allowed: readonly string[], more: string): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) throw badRequest('emptyBody');
  if (!isObject(body)) throw badRequest('notAnObject');
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw badRequest('otpBodyInvalid', { more }, { unknownFields: unknown });
  return body;
}

function credentials(body: Record<string, unknown>, more: string): Credentials {
  const { applicationId, applicationToken } = body;
  const idText = typeof applicationId === 'number' && Number.isSafeInteger(applicationId) ? String(applicationId) : applicationId;
  if (typeof idText !== 'string' || typeof applicationToken !== 'string') throw badRequest('otpBodyInvalid', { more });
  const { id, token } = applicationCredentials(idText, applicationToken);
  return { applicationId: id, applicationToken: token };
}

export interface SendRequest extends Credentials {
  forceNewOtp: boolean;
  brand?: string;
}

/** `domain` names the brand: its id or its web domain (`kattokorko.fi`), brand id → domain in `brands`; never used as a URL. */
export function readSendRequest(request: FastifyRequest, brands: ReadonlyMap<string, string>): SendRequest {
  const more = ' (ja valinnaisesti forceNewOtp ja domain)';
  const body = objectBody(request, ['applicationId', 'applicationToken', 'forceNewOtp', 'domain'], more);
  const { forceNewOtp = false, domain } = body;
  if (typeof forceNewOtp !== 'boolean') throw badRequest('invalidField', { field: 'forceNewOtp', expected: 'true tai false' });
  let brand: string | undefined;
  if (domain !== undefined && domain !== null) {
    const name = typeof domain === 'string' ? domain.trim().toLowerCase().replace(/^www\./, '') : '';
    brand = [...brands].find(([id, web]) => name === id || name === web)?.[0];
    if (!brand) throw badRequest('invalidField', { field: 'domain', expected: [...brands.keys()].join(' tai ') });
  }
  return { ...credentials(body, more), forceNewOtp, brand };
}

export interface VerifyRequest extends Credentials {
  otp: string;
}

export function readVerifyRequest(request: FastifyRequest): VerifyRequest {
  const more = ' sekä koodi (otp)';
  const body = objectBody(request, ['otp', 'applicationId', 'applicationToken'], more);
  const { otp } = body;
  if (typeof otp !== 'string' || otp.length > MAX_OTP_LENGTH) throw badRequest('otpBodyInvalid', { more });
  // Pasted codes come with spaces ("123 456"); anything else stays and simply does not match.
  return { ...credentials(body, more), otp: otp.replace(/\s+/g, '') };
}

export function readCredentials(request: FastifyRequest): Credentials {
  return credentials(objectBody(request, ['applicationId', 'applicationToken'], ''), '');
}
