// The application's paths (spec §2). Everything under /hakemus/{product}/ is one
// route so the page keeps its state when the first save moves it from the start
// path to a step path.
import { productEntry } from './catalogue.ts';
import type { Product } from './products.ts';

export type AppRoute =
  | { kind: 'start' }
  | { kind: 'step'; step: number; id: string; token: string }
  | { kind: 'prefill' }
  | { kind: 'authentication'; id: string; token: string }
  | { kind: 'status'; id: string; token: string }
  | { kind: 'offers'; id: string; token: string }
  | { kind: 'notFound' };

const ID = /^\d{1,16}$/;
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

/** An id and token worth asking the server about; the server decides whether they are right. */
export function looksLikeApplication(id: string, token: string): boolean {
  return ID.test(id) && TOKEN.test(token);
}

/** Reads the part of the path after /hakemus/{product}/. */
export function parseApplicationPath(rest: string): AppRoute {
  // Spec §2: any URL containing 'prefill' starts the prefill flow.
  if (rest.includes('prefill')) return { kind: 'prefill' };
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'start' };
  if (parts.length === 3 && looksLikeApplication(parts[1], parts[2])) {
    const [head, id, token] = parts;
    if (head === 'authentication') return { kind: 'authentication', id, token };
    if (head === 'status') return { kind: 'status', id, token };
    // Step 0 is the offers list (spec §2).
    if (head === '0') return { kind: 'offers', id, token };
    if (/^[1-9]$/.test(head)) return { kind: 'step', step: Number(head), id, token };
  }
  // Without a usable id and token these pages say 'Hakemuksen tiedot puuttuvat' (spec §7).
  if ((parts[0] === 'authentication' || parts[0] === 'status') && parts.length <= 3) return { kind: parts[0], id: '', token: '' };
  return { kind: 'notFound' };
}

/** `/hakemus/<path>`: the product's page base, from the catalogue. */
const base = (product: Product) => `/hakemus/${productEntry(product).path}`;

export const paths = {
  start: (product: Product) => `${base(product)}/`,
  step: (product: Product, step: number, id: string, token: string) => `${base(product)}/${step}/${id}/${token}`,
  authentication: (product: Product, id: string, token: string) => `${base(product)}/authentication/${id}/${token}`,
  offers: (product: Product, id: string, token: string) => `${base(product)}/0/${id}/${token}`,
};
