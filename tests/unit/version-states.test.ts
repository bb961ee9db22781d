// The content versions' state machine (issue 29 item 2): every transition, and every refusal
// with its code and its Finnish reason.
import { describe, expect, it } from 'vitest';
import { decide, REFUSAL_REASONS, VERSION_ACTIONS, type Actor, type VersionAction, type VersionFacts, type VersionState } from '../../engine/core/version-states.ts';

const editor: Actor = { id: 'eero', roles: ['editor'] };
const otherEditor: Actor = { id: 'elina', roles: ['editor'] };
const approver: Actor = { id: 'aino', roles: ['approver'] };
const admin: Actor = { id: 'antti', roles: ['admin'] };
const nobody: Actor = { id: 'ville', roles: ['viewer'] };

const version = (state: VersionState, author = 'eero', wasLive = false): VersionFacts => ({ state, author, wasLive });

function refused(decision: ReturnType<typeof decide>, code: keyof typeof REFUSAL_REASONS) {
  expect(decision).toEqual({ ok: false, code, reason: REFUSAL_REASONS[code] });
}

describe('submit', () => {
  it('an editor or an admin sends a draft to review', () => {
    expect(decide(version('draft'), 'submit', editor)).toEqual({ ok: true, next: 'review', effects: [{ kind: 'clearComment' }] });
    expect(decide(version('draft'), 'submit', otherEditor)).toEqual({ ok: true, next: 'review', effects: [{ kind: 'clearComment' }] });
    expect(decide(version('draft'), 'submit', admin)).toMatchObject({ ok: true, next: 'review' });
  });
  it('keeps the note it is sent with for the approver, trimmed; without a note the comment is cleared', () => {
    expect(decide(version('draft'), 'submit', editor, { comment: '  Summa nostettu 80 000 €:oon ' })).toEqual({
      ok: true,
      next: 'review',
      effects: [{ kind: 'keepComment', comment: 'Summa nostettu 80 000 €:oon' }],
    });
    // A blank note is no note: an earlier send-back's reason must not read as the editor's note.
    expect(decide(version('draft'), 'submit', editor, { comment: '   ' })).toEqual({ ok: true, next: 'review', effects: [{ kind: 'clearComment' }] });
  });
  it('an approver alone, or someone without a staff role, may not', () => {
    refused(decide(version('draft'), 'submit', approver), 'role');
    refused(decide(version('draft'), 'submit', nobody), 'role');
  });
  it('only a draft is submitted', () => {
    for (const state of ['review', 'live', 'retired'] as const) refused(decide(version(state), 'submit', editor), 'state');
  });
});

describe('sendBack', () => {
  it('an approver or an admin returns a version in review to draft with a comment', () => {
    expect(decide(version('review'), 'sendBack', approver, { comment: '  Korjaa otsikko ' })).toEqual({
      ok: true,
      next: 'draft',
      effects: [{ kind: 'keepComment', comment: 'Korjaa otsikko' }],
    });
    expect(decide(version('review'), 'sendBack', admin, { comment: 'Ei vielä' })).toMatchObject({ ok: true, next: 'draft' });
  });
  it('needs a comment', () => {
    refused(decide(version('review'), 'sendBack', approver), 'commentRequired');
    refused(decide(version('review'), 'sendBack', approver, { comment: '   ' }), 'commentRequired');
  });
  it('an editor may not, and only a version in review goes back', () => {
    refused(decide(version('review'), 'sendBack', editor, { comment: 'x' }), 'role');
    for (const state of ['draft', 'live', 'retired'] as const) refused(decide(version(state), 'sendBack', approver, { comment: 'x' }), 'state');
  });
});

describe('approve (publish)', () => {
  it("an approver makes another's version live: gate first, then the live one retires", () => {
    expect(decide(version('review'), 'approve', approver)).toEqual({ ok: true, next: 'live', effects: [{ kind: 'checkGate' }, { kind: 'retireLive' }] });
    expect(decide(version('review'), 'approve', admin)).toMatchObject({ ok: true, next: 'live' });
    expect(decide(version('review', 'repository'), 'approve', approver)).toMatchObject({ ok: true, next: 'live' });
  });
  it('an approver cannot approve their own draft, nor can an admin', () => {
    const own = decide(version('review', 'aino'), 'approve', approver);
    refused(own, 'ownDraft');
    expect(own.ok === false && own.reason).toBe('Hyväksyjä ei voi hyväksyä omaa luonnostaan.');
    refused(decide(version('review', 'antti'), 'approve', admin), 'ownDraft');
    refused(decide(version('review', 'aino'), 'approve', { id: 'aino', roles: ['editor', 'approver'] }), 'ownDraft');
  });
  it('an editor cannot publish', () => {
    refused(decide(version('review', 'elina'), 'approve', editor), 'role');
  });
  it('only a version in review goes live', () => {
    for (const state of ['draft', 'live', 'retired'] as const) refused(decide(version(state, 'elina'), 'approve', approver), 'state');
  });
});

describe('rollback', () => {
  it('an approver makes an earlier live version live again as a new version', () => {
    expect(decide(version('retired', 'aino', true), 'rollback', approver)).toEqual({
      ok: true,
      next: 'live',
      effects: [{ kind: 'checkGate' }, { kind: 'retireLive' }, { kind: 'copyAsNewVersion', state: 'live' }],
    });
    expect(decide(version('retired', 'eero', true), 'rollback', admin)).toMatchObject({ ok: true, next: 'live' });
  });
  it('a retired version that never was live (a discarded draft) is not rolled back to', () => {
    refused(decide(version('retired', 'eero', false), 'rollback', approver), 'neverLive');
  });
  it('an editor may not roll back; the live one, a draft or a version in review are not rolled back to', () => {
    refused(decide(version('retired', 'eero', true), 'rollback', editor), 'role');
    refused(decide(version('live', 'eero', true), 'rollback', approver), 'state');
    refused(decide(version('draft'), 'rollback', approver), 'state');
    refused(decide(version('review'), 'rollback', approver), 'state');
  });
});

describe('discard', () => {
  it('the author or an admin retires a draft', () => {
    expect(decide(version('draft', 'eero'), 'discard', editor)).toEqual({ ok: true, next: 'retired', effects: [] });
    expect(decide(version('draft', 'eero'), 'discard', admin)).toEqual({ ok: true, next: 'retired', effects: [] });
  });
  it("another editor or an approver may not discard someone's draft", () => {
    refused(decide(version('draft', 'eero'), 'discard', otherEditor), 'notAuthor');
    refused(decide(version('draft', 'eero'), 'discard', approver), 'notAuthor');
    refused(decide(version('draft', 'eero'), 'discard', nobody), 'role');
  });
  it('only a draft is discarded', () => {
    for (const state of ['review', 'live', 'retired'] as const) refused(decide(version(state, 'eero'), 'discard', editor), 'state');
  });
});

it('refuses an action it does not know, and has a Finnish reason for every refusal', () => {
  refused(decide(version('draft'), 'publish' as VersionAction, admin), 'unknownAction');
  refused(decide(version('draft'), 'toString' as VersionAction, admin), 'unknownAction');
  expect(VERSION_ACTIONS).toEqual(['submit', 'sendBack', 'approve', 'rollback', 'discard']);
  for (const reason of Object.values(REFUSAL_REASONS)) expect(reason).toMatch(/^[A-ZÄÖ].*\.$/);
});
