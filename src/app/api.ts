// The server's application API (spec §7) as the browser uses it. Every answer is
// turned into one of a few outcomes the page knows how to show; nothing throws.
import type { ApplicationCredentials, ErrorBody, ResponseOf, Unchecked } from '../contract/types.ts';
import type { FieldError } from '../../engine/core/index.ts';
import type { AppFlow } from '../flows/app-flow.ts';
import { applicationsApi, type ProductId } from './catalogue.ts';

export type SaveOutcome =
  /** `release`: the form release the server stamped it with (issue 29); null when the answer names none. */
  | { kind: 'created'; id: string; token: string; release: string | null }
  | { kind: 'saved' }
  | { kind: 'invalid'; errors: FieldError[] }
  /** This browser has no session for the application (issue 14): it must be opened with a one-time code. */
  | { kind: 'sessionRequired' }
  /** A mortgage already submitted (409 ALREADY_SUBMITTED): it takes no more changes and waits for identification. */
  | { kind: 'alreadySubmitted' }
  | { kind: 'failed'; status?: number };

async function post(url: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    return null;
  }
}

async function rejection(response: Response): Promise<SaveOutcome> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (response.status === 400 && body?.type === 'VALIDATION_ERROR' && body.errors) {
    return { kind: 'invalid', errors: Object.entries(body.errors).map(([field, message]) => ({ field, message })) };
  }
  if (response.status === 401 && body?.type === 'SESSION_REQUIRED') return { kind: 'sessionRequired' };
  if (response.status === 409 && body?.type === 'ALREADY_SUBMITTED') return { kind: 'alreadySubmitted' };
  return { kind: 'failed', status: response.status };
}

/** `call`: the flow's (spec §7): `create` makes and sends the whole form in one call (business), `save` the first step. */
export async function createApplication(product: ProductId, call: AppFlow['firstCall'], body: Record<string, unknown>): Promise<SaveOutcome> {
  const response = await post(`${applicationsApi(product)}/${call}`, body);
  if (!response) return { kind: 'failed' };
  if (!response.ok) return rejection(response);
  const created = (await response.json().catch(() => null)) as Unchecked<ApplicationCredentials> | null;
  if ((typeof created?.id !== 'number' && typeof created?.id !== 'string') || typeof created.token !== 'string') return { kind: 'failed', status: response.status };
  const release = typeof created.formRelease === 'string' && /^[0-9a-f]{64}$/.test(created.formRelease) ? created.formRelease : null;
  return { kind: 'created', id: String(created.id), token: created.token, release };
}

export async function updateApplication(product: ProductId, id: string, token: string, body: Record<string, unknown>): Promise<SaveOutcome> {
  const response = await post(`${applicationsApi(product)}/save/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, body);
  if (!response) return { kind: 'failed' };
  if (!response.ok) return rejection(response);
  // Spec §4: success is the string 'success'; anything else keeps the applicant on the step.
  const text = await response.text().catch(() => '');
  return text.trim() === 'success' ? { kind: 'saved' } : { kind: 'failed', status: response.status };
}

/** The town of a postal code; null when the code is unknown. Rejects when the server cannot be asked. */
export async function lookupTown(code: string): Promise<string | null> {
  const response = await fetch(`/api/postal-codes/${encodeURIComponent(code)}`, { headers: { accept: 'application/json' } });
  if (response.status === 404 || response.status === 400) return null;
  if (!response.ok) throw new Error(`postal code lookup: ${response.status}`);
  const body = (await response.json()) as Unchecked<ResponseOf<'GET /api/postal-codes/:zip'>>;
  return typeof body.town === 'string' ? body.town : null;
}
