// A version's content hash: SHA-256 of its JSON with object keys sorted, so that the same
// content hashes alike however its keys were ordered (the database keeps the authors' order).
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

export const contentHash = (source: unknown): string => createHash('sha256').update(canonicalJson(source)).digest('hex');
