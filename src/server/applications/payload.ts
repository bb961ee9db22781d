// Splits a save body into form data, the client's navigation state and tracking, and
// refuses anything the form document and this list do not know. Pure: the routes
// decide what to do with the result.
import { isDeepStrictEqual } from 'node:util';
import { badRequest, ApiError } from '../errors.ts';
import type { Tracking } from '../../contract/types.ts';
const MAX_TRACKING_LENGTH = 4096;

/**
 * Where the applicant came from; stored as given, never validated against the form.
 * Spec §3 names the channel `channelId` (read from the landing's `source` parameter);
 * `source` stays accepted as an alias for clients that send the parameter's own name.
 */
const TRACKING_STRINGS = ['browser', 'device', 'referrer', 'landingUrl', 'queryString', 'channelId', 'source'] as const;
const TRACKING_KEYS = new Set<string>([...TRACKING_STRINGS, 'gaData', 'brand', 'product', 'finalize', 'additionalFormData']);
/** additionalFormData members that are navigation state rather than form fields. */
const NAVIGATION_KEYS = new Set(['step', 'hasCoApplicant', 'sameAddress']);

export type { Tracking };

export interface Navigation {
  step: number;
  hasCoApplicant?: boolean;
  sameAddress?: boolean;
}

export interface SavePayload {
  /** Form fields, list fields from additionalFormData merged in; null means "cleared". */
  data: Record<string, unknown>;
  navigation: Navigation;
  tracking: Tracking;
  brand?: string;
  product?: string;
  finalize: boolean;
}

type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Brand and product come first: they choose the document and variants the rest is
 * checked against. `products` are those of the API prefix, `brands` every brand.
 */
export function readVariantFields(body: JsonObject, products: readonly string[], brands: readonly string[]): { brand?: string; product?: string } {
  return {
    brand: oneOf(body, 'brand', brands),
    product: oneOf(body, 'product', products),
  };
}

/** What the payload is read against: the form's fields, its last step, the API's products and the brands. */
export interface PayloadContext {
  fieldIds: ReadonlySet<string>;
  lastStep: number;
  products: readonly string[];
  brands: readonly string[];
}

/** `step`: the step of a body that names none (a one-step form's create call sends no navigation). */
export function parseSavePayload(body: JsonObject, { fieldIds, lastStep, products, brands }: PayloadContext, defaults: { step?: number } = {}): SavePayload {
  const additional = body.additionalFormData;
  if (additional !== undefined && !isObject(additional)) throw invalid('additionalFormData', 'olio');
  const additionalFormData = additional ?? {};

  const unknown = [
    ...Object.keys(body).filter((key) => !TRACKING_KEYS.has(key) && !fieldIds.has(key)),
    ...Object.keys(additionalFormData)
      .filter((key) => !NAVIGATION_KEYS.has(key) && !fieldIds.has(key))
      .map((key) => `additionalFormData.${key}`),
  ];
  if (unknown.length > 0) {
    throw new ApiError(400, 'UNKNOWN_FIELDS', 'unknownFields', { fields: unknown.join(', ') }, { fields: unknown });
  }

  const data: JsonObject = {};
  for (const [key, value] of Object.entries(body)) if (fieldIds.has(key)) data[key] = value;
  for (const [key, value] of Object.entries(additionalFormData)) {
    if (!fieldIds.has(key)) continue;
    if (key in data && !isDeepStrictEqual(data[key], value)) throw badRequest('conflictingField', { field: key });
    data[key] = value;
  }

  const step = additionalFormData.step ?? defaults.step;
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step > lastStep) {
    throw invalid('additionalFormData.step', `kokonaisluku 0–${lastStep}`);
  }
  const navigation: Navigation = { step };
  for (const key of ['hasCoApplicant', 'sameAddress'] as const) {
    const value = additionalFormData[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalid(`additionalFormData.${key}`, 'true tai false');
    navigation[key] = value;
  }
  // The flag lives both in the form and in the navigation state; they must agree.
  if (navigation.hasCoApplicant !== undefined && fieldIds.has('hasCoApplicant')) {
    if (data.hasCoApplicant === undefined) data.hasCoApplicant = navigation.hasCoApplicant;
    else if (data.hasCoApplicant !== navigation.hasCoApplicant) throw badRequest('conflictingField', { field: 'hasCoApplicant' });
  }

  const tracking: Tracking = {};
  for (const key of TRACKING_STRINGS) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > MAX_TRACKING_LENGTH) throw invalid(key, `merkkijono, enintään ${MAX_TRACKING_LENGTH} merkkiä`);
    const target = key === 'source' ? 'channelId' : key;
    if (tracking[target] !== undefined && tracking[target] !== value) throw badRequest('conflictingField', { field: target });
    tracking[target] = value;
  }
  const gaData = body.gaData;
  if (gaData !== undefined && gaData !== null) {
    if (typeof gaData !== 'string' && !isObject(gaData)) throw invalid('gaData', 'merkkijono tai olio');
    if (JSON.stringify(gaData).length > MAX_TRACKING_LENGTH) throw invalid('gaData', `enintään ${MAX_TRACKING_LENGTH} merkkiä`);
    tracking.gaData = gaData;
  }

  const finalize = body.finalize;
  if (finalize !== undefined && finalize !== null && ![0, 1, true, false].includes(finalize as never)) throw invalid('finalize', '0 tai 1');

  return { data, navigation, tracking, ...readVariantFields(body, products, brands), finalize: finalize === 1 || finalize === true };
}

function oneOf<T extends string>(body: JsonObject, key: string, allowed: readonly T[]): T | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw invalid(key, allowed.join(' tai '));
  return value as T;
}

function invalid(field: string, expected: string): ApiError {
  return badRequest('invalidField', { field, expected });
}
