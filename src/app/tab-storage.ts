// This tab's sessionStorage, or, where the browser refuses it to the page (a partner's frame
// when third-party storage is blocked: Chromium then throws on the mere property), a memory of
// this page's life with the same three calls. An application filled in a partner's frame still
// moves from step to step; only a reload there starts over (the one-time code brings it back).
type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const memory = new Map<string, string>();
const inMemory: TabStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

let chosen: TabStorage | undefined;

export function tabStorage(): TabStorage {
  if (chosen) return chosen;
  try {
    chosen = window.sessionStorage;
  } catch {
    chosen = inMemory;
  }
  return chosen;
}
