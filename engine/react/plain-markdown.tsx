// Stands in for markdown-to-jsx in the browser build (vite.config.ts aliases it):
// RJSF renders Markdown only for `ui:enableMarkdownIn*` options and in its own
// fallback messages, which this theme does not use, and the library would be a
// sixth of the application's JavaScript. Text is shown as plain text.
import { createElement, type ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }): ReactNode {
  return createElement('span', null, children);
}

export default Markdown;
