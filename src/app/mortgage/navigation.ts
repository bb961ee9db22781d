// Where each mortgage status leads (marketplace spec §4 "Mortgage flow"), for the
// status poller and the stage check of a reopened link. Pure.
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import type { MortgageStatus } from './api.ts';

/** The page of a status; undefined where the asking page stays (the poller on READY_FOR_ANALYSIS, the form on DRAFT). */
export function pageOfStatus(product: Product, id: string, token: string, status: MortgageStatus): string | undefined {
  switch (status) {
    case 'IDENTIFICATION_REQUIRED':
      return paths.authentication(product, id, token);
    case 'READY_FOR_ANALYSIS':
      return paths.status(product, id, token);
    case 'OTHER':
      return paths.offers(product, id, token);
    case 'DENIED':
      return paths.denied(product);
    case 'DRAFT':
      return undefined;
  }
}

/** Spec §9: the status is polled every 5 s, at most 10 times, then the error page. */
export const STATUS_POLL_MS = 5000;
export const STATUS_POLL_LIMIT = 10;
/** Spec §4: the processing page asks for the identification every 4 s until it is 'true'. */
export const IDENTIFIED_POLL_MS = 4000;

/** The id and token the denied page reads from the history entry (its path has none, spec §2). */
export interface DeniedState {
  id: string;
  token: string;
}

export function deniedState(value: unknown): DeniedState | null {
  const state = value as Partial<DeniedState> | null;
  return typeof state?.id === 'string' && typeof state.token === 'string' ? { id: state.id, token: state.token } : null;
}
