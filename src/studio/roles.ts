// Which actions the studio offers a member for a version: a hint for the buttons only, from the
// state machine's rules (engine/core/version-states.ts). The server decides; its refusal is shown.
import type { VersionAction } from '../../engine/core/version-states.ts';
import type { StaffMe, VersionSummary } from './api.ts';

const can = (me: StaffMe, ...roles: string[]) => me.roles.includes('admin') || roles.some((role) => me.roles.includes(role));
const isAuthor = (me: StaffMe, version: VersionSummary) => String(me.id) === version.author;

export const mayCreateDraft = (me: StaffMe) => can(me, 'editor');

/** The state changes that make sense for this member and this version, in the order shown. */
export function actionsFor(me: StaffMe, version: VersionSummary): VersionAction[] {
  switch (version.state) {
    case 'draft':
      return [...(can(me, 'editor') ? (['submit'] as const) : []), ...(isAuthor(me, version) || can(me) ? (['discard'] as const) : [])];
    case 'review':
      return can(me, 'approver') ? [...(isAuthor(me, version) ? [] : (['approve'] as const)), 'sendBack'] : [];
    case 'retired':
      return version.liveAt !== null && can(me, 'approver') ? ['rollback'] : [];
    default:
      return [];
  }
}
