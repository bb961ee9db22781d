// The form studio's pure parts (issue 30): what an item key and a state are called in Finnish,
// how a verdict's share and a time read, which actions the buttons offer to whom, and which
// build chunks count as the studio's (the bundle test looks for them by name).
import { describe, expect, it } from 'vitest';
import { studioChunkName } from '../../../src/build/studio-entry-plugin.ts';
import type { StaffMe, VersionSummary } from '../../../src/studio/api.ts';
import { authorName, formatTime, kindLabel, percent, stateLabel } from '../../../src/studio/format.ts';
import { actionsFor, mayCreateDraft } from '../../../src/studio/roles.ts';

const version = (state: VersionSummary['state'], author = '7', liveAt: string | null = null): VersionSummary => ({
  item: 'document:business',
  number: 3,
  hash: 'x',
  author,
  createdAt: '2026-11-27T13:05:00.000Z',
  note: '',
  state,
  stateChangedAt: null,
  stateChangedBy: null,
  comment: null,
  basedOn: 1,
  liveAt,
});
const member = (id: number, ...roles: string[]): StaffMe => ({ id, name: 'N', roles });

describe('studio texts', () => {
  it('names each kind of item and each state in Finnish', () => {
    expect(['document:consumer', 'section:identity', 'messages', 'catalogue', 'content:legal/tietosuoja', 'content:banners', 'content:muu'].map(kindLabel)).toEqual([
      'lomake',
      'osio',
      'yhteiset virheilmoitukset',
      'tuoteluettelo',
      'sisältösivu',
      'tiedotteet',
      'sisältö',
    ]);
    expect(['draft', 'review', 'live', 'retired'].map(stateLabel)).toEqual(['luonnos', 'tarkastettavana', 'julkaistu', 'poistunut käytöstä']);
  });

  it('reads a share as a Finnish percentage and a time in Helsinki', () => {
    expect(percent(0.9334)).toBe('93,3 %');
    expect(percent(1)).toBe('100,0 %');
    expect(formatTime('2026-11-27T13:05:00.000Z')).toBe('27.11.2026 klo 15.05');
  });

  it("names authors from the answer's staff names, the repository's baseline as such", () => {
    expect(authorName('7', { 7: 'Eeva Editori' })).toBe('Eeva Editori');
    expect(authorName('repository', {})).toBe('lähdekoodi');
    expect(authorName('8', {})).toBe('tuntematon');
  });
});

describe('the actions offered', () => {
  it('offers a draft to be sent by editors and discarded by its author or an admin', () => {
    expect(actionsFor(member(7, 'editor'), version('draft', '7'))).toEqual(['submit', 'discard']);
    expect(actionsFor(member(8, 'editor'), version('draft', '7'))).toEqual(['submit']);
    expect(actionsFor(member(9, 'approver'), version('draft', '7'))).toEqual([]);
    expect(actionsFor(member(1, 'admin'), version('draft', '7'))).toEqual(['submit', 'discard']);
  });

  it('offers a version in review to approvers, approval only of what is not their own', () => {
    expect(actionsFor(member(9, 'approver'), version('review', '7'))).toEqual(['approve', 'sendBack']);
    expect(actionsFor(member(7, 'editor', 'approver'), version('review', '7'))).toEqual(['sendBack']);
    expect(actionsFor(member(7, 'editor'), version('review', '7'))).toEqual([]);
  });

  it('offers a rollback only of a retired version that was live', () => {
    expect(actionsFor(member(9, 'approver'), version('retired', '7', '2026-11-01T00:00:00.000Z'))).toEqual(['rollback']);
    expect(actionsFor(member(9, 'approver'), version('retired', '7'))).toEqual([]);
    expect(actionsFor(member(9, 'approver'), version('live', '7', '2026-11-01T00:00:00.000Z'))).toEqual([]);
  });

  it('offers a new draft to editors and admins', () => {
    expect([member(1, 'editor'), member(2, 'approver'), member(3, 'admin')].map(mayCreateDraft)).toEqual([true, false, true]);
  });
});

describe('studio chunks', () => {
  it("names the studio's chunks studio-* and leaves every other chunk's name alone", () => {
    expect(studioChunkName({ facadeModuleId: '/repo/src/studio/draft/DraftEditor.tsx', moduleIds: [] })).toBe('assets/studio-[name]-[hash].js');
    expect(studioChunkName({ facadeModuleId: null, moduleIds: ['/repo/src/studio/a.ts', '/repo/src/studio/b.ts'] })).toBe('assets/studio-[name]-[hash].js');
    expect(studioChunkName({ facadeModuleId: null, moduleIds: ['/repo/src/studio/a.ts', '/repo/node_modules/react/index.js'] })).toBe('assets/[name]-[hash].js');
    expect(studioChunkName({ facadeModuleId: '/repo/src/app/pages/OffersPage.tsx', moduleIds: [] })).toBe('assets/[name]-[hash].js');
  });
});
