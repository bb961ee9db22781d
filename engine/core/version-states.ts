// The one guarded state machine every content version goes through (issue 29 item 2; the
// GOV.UK Forms model: transitions in one place, a snapshot at every go-live). Pure: the
// server asks it what may happen and then does what the effects say, under a lock, so the
// rules are tested here without a database and cannot drift between routes.

export const VERSION_STATES = ['draft', 'review', 'live', 'retired'] as const;
export type VersionState = (typeof VERSION_STATES)[number];

export const STAFF_ROLES = ['editor', 'approver', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * approve is the go-live ("publish"); a rollback is asked of the earlier version whose
 * content goes live again, and makes a new version of it: history is never rewritten.
 */
export const VERSION_ACTIONS = ['submit', 'sendBack', 'approve', 'rollback', 'discard'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

export interface Actor {
  id: string;
  /** Unknown role names are ignored rather than refused: roles come from the staff store. */
  roles: readonly string[];
}

export interface VersionFacts {
  state: VersionState;
  author: string;
  /** Has been live at some point: only such a version may be rolled back to. */
  wasLive: boolean;
}

export type VersionEffect =
  /** Run the publish gate on the content before it goes live; findings refuse. */
  | { kind: 'checkGate' }
  /** The item's current live version (if any) becomes retired. */
  | { kind: 'retireLive' }
  /** A new version copying this one's content, in `state`, based on this one. */
  | { kind: 'copyAsNewVersion'; state: VersionState }
  /** The comment is kept on the version: why it was sent back, or the note it was sent for approval with. */
  | { kind: 'keepComment'; comment: string }
  /**
   * The version's kept comment is cleared: a draft sent for approval again without a note must
   * not show the approver the reason it was once sent back, as if it were the editor's note.
   */
  | { kind: 'clearComment' };

export type RefusalCode = 'role' | 'ownDraft' | 'notAuthor' | 'state' | 'commentRequired' | 'neverLive' | 'unknownAction';

export type Decision =
  /** `next`: the state the version gets, or for a rollback the state of the new copy. */
  | { ok: true; next: VersionState; effects: VersionEffect[] }
  | { ok: false; code: RefusalCode; reason: string };

/** The Finnish reasons, by code; a tool or route shows them as they are. */
export const REFUSAL_REASONS: Record<RefusalCode, string> = {
  role: 'Sinulla ei ole tähän oikeutta.',
  ownDraft: 'Hyväksyjä ei voi hyväksyä omaa luonnostaan.',
  notAuthor: 'Vain luonnoksen tekijä tai ylläpitäjä voi hylätä luonnoksen.',
  state: 'Version tila ei salli tätä toimenpidettä.',
  commentRequired: 'Kirjoita palautukselle perustelu.',
  neverLive: 'Vain aiemmin julkaistun version voi palauttaa voimaan.',
  unknownAction: 'Tuntematon toimenpide.',
};

/** Who may do what; the author checks come on top of these. */
const ALLOWED_ROLES: Record<VersionAction, readonly StaffRole[]> = {
  submit: ['editor', 'admin'],
  sendBack: ['approver', 'admin'],
  approve: ['approver', 'admin'],
  rollback: ['approver', 'admin'],
  discard: ['editor', 'approver', 'admin'],
};

/** The state each action starts from. */
const FROM: Record<VersionAction, VersionState> = {
  submit: 'draft',
  sendBack: 'review',
  approve: 'review',
  rollback: 'retired',
  discard: 'draft',
};

const refuse = (code: RefusalCode): Decision => ({ ok: false, code, reason: REFUSAL_REASONS[code] });
const hasRole = (actor: Actor, role: StaffRole) => actor.roles.includes(role);

export function decide(version: VersionFacts, action: VersionAction, actor: Actor, input: { comment?: string } = {}): Decision {
  if (!Object.hasOwn(ALLOWED_ROLES, action)) return refuse('unknownAction');
  if (!ALLOWED_ROLES[action].some((role) => hasRole(actor, role))) return refuse('role');
  if (version.state !== FROM[action]) return refuse('state');
  switch (action) {
    case 'submit': {
      // The note is optional: what the editor wants the approver to know (the audit log keeps the earlier comments).
      const note = input.comment?.trim();
      return { ok: true, next: 'review', effects: [note ? { kind: 'keepComment', comment: note } : { kind: 'clearComment' }] };
    }
    case 'sendBack': {
      const comment = input.comment?.trim();
      if (!comment) return refuse('commentRequired');
      return { ok: true, next: 'draft', effects: [{ kind: 'keepComment', comment }] };
    }
    case 'approve':
      // Four eyes: even an admin does not publish their own work (a baseline from the
      // repository has the author 'repository', so any approver may take it).
      if (version.author === actor.id) return refuse('ownDraft');
      return { ok: true, next: 'live', effects: [{ kind: 'checkGate' }, { kind: 'retireLive' }] };
    case 'rollback':
      // A discarded draft is retired too, but was never reviewed: it must not go live this way.
      if (!version.wasLive) return refuse('neverLive');
      return { ok: true, next: 'live', effects: [{ kind: 'checkGate' }, { kind: 'retireLive' }, { kind: 'copyAsNewVersion', state: 'live' }] };
    case 'discard':
      if (version.author !== actor.id && !hasRole(actor, 'admin')) return refuse('notAuthor');
      return { ok: true, next: 'retired', effects: [] };
  }
}
