// The runtime's view of the data a component renders, made from the view of the data
// it rendered before, so a keystroke evaluates only the rules that read the edited
// field (engine/core/view.ts). The runtime keeps one view per data object: a page and
// the wizard inside it asking for the same data share one.
import { useRef } from 'react';
import type { FormData, FormRuntime, FormView } from '../core/index.ts';

/** The view of `data`: `given` when it is of `data` (a page's, handed to the wizard), else the runtime's. */
export function useFormView(runtime: FormRuntime, data: FormData, given?: FormView): FormView {
  const last = useRef<FormView | undefined>(undefined);
  const view = given?.data === data ? given : runtime.view(data, last.current);
  // Kept during render: any view is a valid start for the next (the answers do not depend on it).
  last.current = view;
  return view;
}
