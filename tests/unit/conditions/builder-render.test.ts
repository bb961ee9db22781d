// The condition builder as first rendered (react-dom/server: the repository has no DOM
// test environment, so clicking and typing wait for the studio's e2e). Its edits are
// tested as pure functions in edit.test.ts.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { conditionFields } from '../../../engine/core/conditions/fields.ts';
import { readFormDocument } from '../../../engine/core/node.ts';
import { ConditionBuilder, type ConditionBuilderProps } from '../../../src/studio/conditions/ConditionBuilder.tsx';

const consumer = readFormDocument('consumer');
const fields = conditionFields(consumer);
const render = (props: Partial<ConditionBuilderProps>) =>
  renderToStaticMarkup(createElement(ConditionBuilder, { rule: undefined, kind: 'visible', fields, onChange: () => {}, ...props }));

/** Every control has a label: `<label for>` naming its id. */
function unlabelled(html: string): string[] {
  const ids = [...html.matchAll(/<(?:select|input|textarea)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
  const labelled = new Set([...html.matchAll(/<label[^>]*\bfor="([^"]+)"/g)].map((match) => match[1]));
  const withoutId = [...html.matchAll(/<(select|input|textarea)\b(?![^>]*\bid=)[^>]*>/g)].map((match) => match[0]);
  return [...ids.filter((id) => !labelled.has(id)), ...withoutId];
}

describe('ConditionBuilder', () => {
  it('shows a rule as rows: the field, the comparison and the choices, with the rule in words', () => {
    const html = render({ rule: consumer.rules!.visible!.coApplicantEmployer, field: 'coApplicantEmployer' });
    expect(html).toContain('<legend>Ehdot</legend>');
    expect(html).toMatch(/<option value="and" selected="">kaikki ehdot täyttyvät \(ja\)<\/option>/);
    expect(html).toMatch(/<option value="hasCoApplicant" selected="">Kanssahakija<\/option>/);
    expect(html).toMatch(/<option value="coApplicantEmploymentTypeId" selected="">Kanssahakijan työsuhteen tyyppi<\/option>/);
    expect(html).toMatch(/<option value="in" selected="">on jokin näistä<\/option>/);
    // The choices of `in` are checkboxes, the rule's ticked.
    expect(html).toMatch(/<input id="[^"]+-in-0" type="checkbox" checked=""\/> Vakituinen/);
    expect(html).toMatch(/<input id="[^"]+-in-2" type="checkbox"\/> Eläkeläinen/);
    expect(html).toContain('Sääntö sanoin:</strong> näytetään, kun kanssahakija on valittu ja kanssahakijan työsuhteen tyyppi on vakituinen, määräaikainen, osa-aikainen tai yrittäjä');
    for (const text of ['Lisää ehto', 'Lisää ryhmä', 'aria-label="Poista ehto 2"', 'Näytä JSON']) expect(html).toContain(text);
    expect(html).toMatch(/role="status" aria-live="polite"><\/div>/);
    expect(html).not.toContain('<textarea');
    expect(unlabelled(html)).toEqual([]);
  });

  it('a choice value is a select of the titles; a number is a text input with a decimal keyboard', () => {
    const html = render({ rule: { or: [{ '==': [{ var: 'loanPurposeId' }, 16] }, { '>=': [{ var: 'inputAppliedAmount' }, 20000] }] }, kind: 'required' });
    expect(html).toMatch(/<option value="1" selected="">Ajoneuvon hankinta tai korjaus<\/option>/);
    expect(html).toMatch(/<input id="[^"]+" type="text" inputMode="decimal" value="20000"\/>/);
    expect(html).toContain('pakollinen, kun lainan käyttötarkoitus on ajoneuvon hankinta tai korjaus tai lainasumma on vähintään 20000');
    expect(unlabelled(html)).toEqual([]);
  });

  it('offers the age and the sex of an identity code', () => {
    const html = render({ rule: { '>=': [{ personalIdAge: [{ var: 'primaryApplicantPersonalIdentificationNumber' }] }, 18] } });
    expect(html).toMatch(/<option value="personalIdAge" selected="">ikä henkilötunnuksesta<\/option>/);
    expect(html).toContain('näytetään, kun ikä (henkilötunnus) on vähintään 18');
  });

  it('opens a rule the rows cannot show as JSON, saying why', () => {
    const rule = { if: [{ var: 'hasCoApplicant' }, true, false] };
    const html = render({ rule });
    expect(html).toContain('Tätä ehtoa ei voi näyttää rakentimena');
    expect(html).toMatch(/<label for="([^"]+)">Ehto JSON-muodossa<\/label><textarea id="\1"/);
    expect(html).toContain('&quot;if&quot;: [');
    expect(html).toMatch(/<button type="button" aria-pressed="true" disabled="">Näytä JSON<\/button>/);
    expect(html).toContain('ehto on kirjoitettu JSON-muodossa');
    expect(unlabelled(html)).toEqual([]);
  });

  it('required whatever the answers (`true`): no rows, the words say so', () => {
    expect(render({ kind: 'required', rule: true })).toContain('Sääntö sanoin:</strong> aina pakollinen');
  });

  it('with no rule: no rows, the words say so', () => {
    const html = render({ kind: 'required' });
    expect(html).toContain('Ei ehtoja.');
    expect(html).toContain('Sääntö sanoin:</strong> ei pakollinen');
    expect(html).toMatch(/aria-pressed="false">Näytä JSON/);
  });
});
