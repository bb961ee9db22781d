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

/** Embedded: posts the page's height to the parent whenever it changes; returns the stop. */
export function postHeightToParent(): () => void {
  if (!isEmbedded() || typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    // The height is no secret; the parent's origin is not known to us.
    window.parent.postMessage({ type: 'lainavertailu:height', height }, '*');
  });
  observer.observe(document.body);
  return () => observer.disconnect();
}
