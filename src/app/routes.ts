// The application's paths (spec §2). Everything under /hakemus/{product}/ is one
// route so the page keeps its state when the first save moves it from the start
// path to a step path.
import type { FlowSegments } from '../flows/app-flow.ts';
import { appFlowNamed } from '../flows/app-registry.ts';
import { productEntry } from './catalogue.ts';
import type { Product } from './products.ts';

export type AppRoute =
  | { kind: 'start' }
  | { kind: 'step'; step: number; id: string; token: string }
  | { kind: 'prefill' }
  | { kind: 'authentication'; id: string; token: string }
  | { kind: 'status'; id: string; token: string }
  | { kind: 'offers'; id: string; token: string }
  /** A flow's result pages (marketplace spec §2): no id in the path. */
  | { kind: 'denied' }
  | { kind: 'error' }
  | { kind: 'notFound' };

const ID = /^\d{1,16}$/;
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

/** An id and token worth asking the server about; the server decides whether they are right. */
export function looksLikeApplication(id: string, token: string): boolean {
  return ID.test(id) && TOKEN.test(token);
}

/**
 * The words of a flow's paths (src/flows/<flow>/app.tsx `segments`); a product whose flow
 * has no module gets the consumer spec's (§2), and its page says the flow is missing.
 */
const SPEC_WORDS: FlowSegments = { authentication: 'authentication', offers: '0', results: [] };
const wordsOf = (flow: string): FlowSegments => appFlowNamed(flow)?.segments ?? SPEC_WORDS;

/** Reads the part of the path after /hakemus/{product}/, in the words of the product's flow. */
export function parseApplicationPath(rest: string, flow = 'consumer'): AppRoute {
  // Spec §2: any URL containing 'prefill' starts the prefill flow.
  if (rest.includes('prefill')) return { kind: 'prefill' };
  const words = wordsOf(flow);
  const parts = rest.split('/').filter(Boolean);
  if (parts.length === 0) return { kind: 'start' };
  if (parts.length === 1 && (words.results as readonly string[]).includes(parts[0])) return { kind: parts[0] as 'denied' | 'error' };
  if (parts.length === 3 && looksLikeApplication(parts[1], parts[2])) {
    const [head, id, token] = parts;
    if (head === words.authentication) return { kind: 'authentication', id, token };
    if (head === 'status') return { kind: 'status', id, token };
    if (head === words.offers) return { kind: 'offers', id, token };
    if (/^[1-9]$/.test(head)) return { kind: 'step', step: Number(head), id, token };
  }
  // Without a usable id and token these pages say 'Hakemuksen tiedot puuttuvat' (spec §7).
  if (words.authentication !== undefined && parts[0] === words.authentication && parts.length <= 3) return { kind: 'authentication', id: '', token: '' };
  if (parts[0] === 'status' && parts.length <= 3) return { kind: 'status', id: '', token: '' };
  return { kind: 'notFound' };
}

/** `/hakemus/<path>`: the product's page base, from the catalogue. */
const base = (product: Product) => `/hakemus/${productEntry(product).path}`;

const words = (product: Product) => wordsOf(productEntry(product).flow);

export const paths = {
  start: (product: Product) => `${base(product)}/`,
  step: (product: Product, step: number, id: string, token: string) => `${base(product)}/${step}/${id}/${token}`,
  authentication: (product: Product, id: string, token: string) => `${base(product)}/${words(product).authentication ?? 'authentication'}/${id}/${token}`,
  status: (product: Product, id: string, token: string) => `${base(product)}/status/${id}/${token}`,
  offers: (product: Product, id: string, token: string) => `${base(product)}/${words(product).offers}/${id}/${token}`,
  denied: (product: Product) => `${base(product)}/denied`,
  error: (product: Product) => `${base(product)}/error`,
};
