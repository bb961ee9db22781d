// Spec §2: the header and footer are hidden when the page is embedded in a frame or
// when the host page has put a preset form-data object on the window; embedded, the
// page tells its parent how tall it is. The object's name is not in the spec: we read
// `window.presetFormData` (docs/decisions.md "Business loan").
declare global {
  interface Window {
    presetFormData?: unknown;
  }
}

/** The host page's preset object, when it is a plain object. */
export function presetFormData(): Record<string, unknown> | undefined {
  const value = typeof window === 'undefined' ? undefined : window.presetFormData;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A parent of another origin cannot even be compared: that is a frame too.
    return true;
  }
}

/** No header and footer: in a frame, or under a host page's preset. */
export const hidesChrome = (): boolean => isEmbedded() || presetFormData() !== undefined;

/**
 * The origin of the page framing this one, or none when it cannot be told. The server's CSP
 * (frame-ancestors, EMBED_ORIGINS) lets only the configured partners frame the pages at all,
 * so the parent's own origin is one of them: the height goes to it and to no one else.
 */
export function parentOrigin(): string | undefined {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const first = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  if (first && first !== 'null') return first;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Embedded: posts the page's height to the parent whenever it changes; returns the stop. */
export function postHeightToParent(): () => void {
  if (!isEmbedded() || typeof ResizeObserver === 'undefined') return () => {};
  const target = parentOrigin();
  if (target === undefined) return () => {};
  let last = -1;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'lainavertailu:height', height }, target);
  });
  observer.observe(document.body);
  return () => observer.disconnect();
}
