// What a person typed, chose or ticked in the server's HTML before the page's JavaScript ran.
// React hydrates a controlled field keeping the value in the DOM but its own state keeps the
// server's, so the next render of that field would put the server's value back and the answers
// would never have the typed one (React 19: hydration fires no change event). So: before
// hydrating, each changed field is put back to the server's value and the change remembered;
// after hydration the change is made again as the browser makes it, with the events React
// listens to, and reaches the answers like any key.

interface Change {
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  /** Makes the change again, as the person did. */
  replay(): void;
}

const nativeValue = (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
  // The prototype's setter: React's value tracker (an own property of the element) keeps the
  // server's value, so the event below reads as a change.
  const prototype = Object.getPrototypeOf(element) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
};

const CHECKABLE = new Set(['checkbox', 'radio']);

/** Puts the fields of `root` back to the server's values; the returned function makes each change again. */
export function takeChangesBeforeHydration(root: HTMLElement): () => void {
  const changes: Change[] = [];
  const resets: Array<() => void> = [];
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (element instanceof HTMLSelectElement) {
      const options = [...element.options];
      const defaults = options.some((option) => option.defaultSelected) || element.multiple ? options.map((option) => option.defaultSelected) : options.map((_, i) => i === 0);
      if (options.every((option, i) => option.selected === defaults[i])) continue;
      const chosen = element.value;
      resets.push(() => options.forEach((option, i) => (option.selected = defaults[i])));
      changes.push({
        element,
        replay: () => {
          nativeValue(element, chosen);
          element.dispatchEvent(new Event('change', { bubbles: true }));
        },
      });
    } else if (element instanceof HTMLInputElement && CHECKABLE.has(element.type)) {
      if (element.checked === element.defaultChecked) continue;
      // A radio group's change is the radio chosen; a checkbox is ticked either way. A click makes the same change and its events.
      if (element.type === 'radio' && !element.checked) {
        resets.push(() => (element.checked = element.defaultChecked));
        continue;
      }
      const wanted = element.checked;
      resets.push(() => (element.checked = element.defaultChecked));
      changes.push({ element, replay: () => element.checked !== wanted && element.click() });
    } else {
      if (element.value === element.defaultValue) continue;
      const typed = element.value;
      resets.push(() => (element.value = element.defaultValue));
      changes.push({ element, replay: () => retype(element, typed) });
    }
  }
  for (const reset of resets) reset();
  return () => {
    // Typed while React was hydrating: it took the DOM's value as the field's without a change.
    // React keeps a controlled field's defaultValue with its value, so a difference is a key it
    // missed. Read before any replay, whose renders move other fields (a slider snaps to its step).
    const missed = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter(
      (element) => (element instanceof HTMLTextAreaElement || TYPED.has(element.type)) && element.value !== element.defaultValue,
    );
    for (const change of changes) if (change.element.isConnected) change.replay();
    for (const element of missed) if (element.isConnected) retype(element, element.value);
  };
}

/** Fields a value is typed into, as text (no slider or picker, whose value the browser adjusts). */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'password']);

/** Types `typed` into the field again as a change from the value React has for it. */
function retype(element: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  // Through the element's own setter, which React's value tracker watches: it now holds React's value.
  element.value = element.defaultValue;
  nativeValue(element, typed);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
