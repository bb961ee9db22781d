// A plain in-memory storage adapter for the development provider: one Map, expiry by
// time. It exists so oidc-provider's own quick-start adapter (and its warning) is not
// used; production never runs the development provider.
interface Entry {
  payload: Record<string, unknown>;
  expiresAt: number;
}

const MAX_ENTRIES = 10_000;

export class MemoryAdapter {
  private static readonly store = new Map<string, Entry>();

  constructor(private readonly model: string) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private static live(entry: Entry | undefined): Record<string, unknown> | undefined {
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
    const store = MemoryAdapter.store;
    if (store.size >= MAX_ENTRIES) for (const [key, entry] of store) if (entry.expiresAt <= Date.now()) store.delete(key);
    // Still full: the oldest goes; a development server must not grow without bound.
    if (store.size >= MAX_ENTRIES) store.delete(store.keys().next().value!);
    store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    return MemoryAdapter.live(MemoryAdapter.store.get(this.key(id)));
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    for (const [key, entry] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return MemoryAdapter.live(entry);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    for (const [key, entry] of MemoryAdapter.store) if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode) return MemoryAdapter.live(entry);
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = MemoryAdapter.store.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    MemoryAdapter.store.delete(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of MemoryAdapter.store) if (entry.payload.grantId === grantId) MemoryAdapter.store.delete(key);
  }
}
