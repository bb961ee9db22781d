// The draft editor's tree nodes: the outline of consumer.json as the keyboard walks it,
// and who may edit a version.
import { describe, expect, it } from 'vitest';
import { buildTree } from '../../../engine/core/studio/tree.ts';
import { mayEdit } from '../../../src/studio/draft/access.ts';
import { outlineOf, parentKeys, visibleNodes } from '../../../src/studio/draft/outline.ts';
import { loadSection, readSource } from './helpers.ts';

describe('outline nodes', () => {
  const roots = outlineOf(buildTree(readSource('consumer'), loadSection));

  it('has the steps at the top, a section level only where a step has titled sections, and the derived fields last', () => {
    expect(roots.map((node) => node.label)).toEqual([
      'Vaihe 1: Laina',
      'Vaihe 2: Perustiedot',
      'Vaihe 3: Asumistiedot',
      'Vaihe 4: Työ- ja koulutustiedot',
      'Vaihe 5: Lainat ja luottokortit',
      'Vaihe 6: Kanssahakijan tiedot',
      'Vaihe 7: Tilinumero ja suostumukset',
      'Lasketut kentät',
    ]);
    expect(roots[0].children.map((node) => [node.key, node.level, node.detail])).toEqual([
      ['field:loanPurposeId', 2, 'valinta'],
      ['field:inputAppliedAmount', 2, 'liukusäädin'],
      ['field:inputAppliedTenor', 2, 'liukusäädin'],
      ['field:hasCoApplicant', 2, 'valintaruutu'],
    ]);
    const co = roots[1].children[1];
    expect([co.label, co.level]).toEqual(['Kanssahakijan tiedot', 2]);
    expect(co.children[1]).toMatchObject({ key: 'field:coApplicantFirstnames', label: 'Kanssahakijan etunimet', level: 3, detail: 'teksti, osiosta identity (kanssahakija)', parent: co.key });
  });

  it('shows a collapsed node without its children', () => {
    const all = visibleNodes(roots, new Set(parentKeys(roots)));
    const stepsOnly = visibleNodes(roots, new Set());
    expect(stepsOnly).toHaveLength(roots.length);
    expect(all.length).toBeGreaterThan(60);
    expect(visibleNodes(roots, new Set(['step:0']))).toHaveLength(roots.length + 4);
  });

  it('names an include whose section is not at hand', () => {
    const bare = outlineOf(buildTree(readSource('consumer')));
    expect(bare[2].children).toEqual([expect.objectContaining({ key: 'include:housing:primaryApplicant', label: 'Osio housing (hakija)', target: { type: 'include', section: 'housing', party: 'primaryApplicant' } })]);
  });
});

describe('who may edit', () => {
  const me = { id: 7, name: 'Eeva Editori', roles: ['editor'] };
  it("is the draft's author, while it is a draft", () => {
    expect(mayEdit({ state: 'draft', author: '7' }, me)).toBe(true);
    expect(mayEdit({ state: 'draft', author: '8' }, me)).toBe(false);
    expect(mayEdit({ state: 'review', author: '7' }, me)).toBe(false);
    expect(mayEdit({ state: 'live', author: 'repository' }, me)).toBe(false);
  });
});
