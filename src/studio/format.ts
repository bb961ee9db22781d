// Pure formatting of what the content API says, in Finnish (studio messages).
import type { VersionState } from '../../engine/core/version-states.ts';
import { studioTexts } from './messages.fi.ts';

export type ItemKind = keyof typeof studioTexts.kinds;

/** The kind of an item key: `document:consumer` → document; `catalogue` has no name part. */
export function kindOf(item: string): ItemKind | undefined {
  const prefix = item.split(':')[0];
  return prefix in studioTexts.kinds ? (prefix as ItemKind) : undefined;
}

export const kindLabel = (item: string) => {
  if (item === 'content:banners') return studioTexts.contentKinds.banners;
  if (item.startsWith('content:legal/')) return studioTexts.contentKinds.page;
  const kind = kindOf(item);
  return kind ? studioTexts.kinds[kind] : studioTexts.kinds.content;
};

/** Whether the item's versions get a QA verdict (forms: documents, sections, the shared messages); the catalogue and the banners and pages do not. */
export const hasVerdict = (item: string) => item === 'messages' || kindOf(item) === 'document' || kindOf(item) === 'section';

/** Whether the item's drafts are edited as forms (DraftEditor); any other as its JSON source (ContentDraftEditor). */
export const isFormItem = (item: string) => kindOf(item) === 'document' || kindOf(item) === 'section';

export const stateLabel = (state: VersionState | string) => (studioTexts.states as Record<string, string>)[state] ?? state;

export const roleLabel = (role: string) => studioTexts.roles[role] ?? role;

const TIME = new Intl.DateTimeFormat('fi-FI', { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Helsinki' });

/** `2026-11-27T13:05:00Z` → `27.11.2026 klo 15.05`. */
export const formatTime = (iso: string | null | undefined) => (iso ? TIME.format(new Date(iso)) : '');

/** 0.934 → `93,4 %`, as the QA tool prints it (engine/qa/verdict.ts). */
export const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1).replace('.', ',')} %`;

/** An author or state-changer id as a name: staff by the answer's names, the repository's baseline as such. */
export function authorName(id: string | null | undefined, names: Record<string, string>): string {
  if (!id) return '';
  if (id === 'repository') return studioTexts.item.repository;
  return names[id] ?? studioTexts.item.unknownAuthor;
}
