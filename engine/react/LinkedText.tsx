// A document's text with its `[text](/path)` links (engine/core/links.ts) as anchors.
// In a form a link opens in a new tab, so following it leaves the form as it is; the
// hint says so to everyone who cannot see the icon. Text is never parsed as HTML.
import { Fragment, type ReactNode } from 'react';
import { parseLinks } from '../core/links.ts';

export function LinkedText({ text, newTab = false, newTabHint }: { text: ReactNode; newTab?: boolean; newTabHint?: string }): ReactNode {
  if (typeof text !== 'string' || !text.includes('](')) return text;
  return parseLinks(text).map((part, i) =>
    'href' in part ? (
      newTab ? (
        <a key={i} href={part.href} target="_blank" rel="noopener" className="lv-link lv-link--new-tab">
          {part.text}
          {newTabHint && <span className="lv-visually-hidden"> {newTabHint}</span>}
        </a>
      ) : (
        <a key={i} href={part.href} className="lv-link">
          {part.text}
        </a>
      )
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}
