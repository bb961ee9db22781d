// Who may change a version in the draft editor (the server decides the same on every save).
import type { DraftVersion } from './api.ts';

/** Only the draft's own author edits it, and only while it is a draft. */
export const mayEdit = (version: Pick<DraftVersion, 'state' | 'author'>, me: { id: number | string }): boolean => version.state === 'draft' && version.author === String(me.id);
