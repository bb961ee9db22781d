// The preview offers a document in every variant set the catalogue shows it in (issue 30 item 2).
import { describe, expect, it } from 'vitest';
import raw from '../../../forms/catalogue.json' with { type: 'json' };
import { checkedCatalogue } from '../../../engine/core/catalogue.ts';
import { variantChoices, variantsKey } from '../../../src/studio/preview/variant-choices.ts';

const catalogue = checkedCatalogue(raw);

describe('the preview’s variant sets', () => {
  it('gives the consumer form in each product and brand that shows it, one choice per set', () => {
    const choices = variantChoices(catalogue, 'consumer');
    expect(choices.map((choice) => choice.key).sort()).toEqual(['base', 'kattokorko', 'kattokorko+yhdistelylaina', 'yhdistelylaina']);
    expect(choices.find((choice) => choice.key === 'kattokorko')?.shownAs).toEqual(['kulutusluotto · kattokorko']);
  });

  it('gives a service’s form and an unknown document their base set', () => {
    expect(variantChoices(catalogue, 'insurance').map((choice) => choice.key)).toEqual(['base']);
    expect(variantChoices(catalogue, 'no-such-form')).toEqual([{ key: 'base', variants: [], shownAs: ['no-such-form'] }]);
  });

  it('names a set as the release modules do', () => {
    expect(variantsKey([])).toBe('base');
    expect(variantsKey(['yhdistelylaina', 'kattokorko', 'kattokorko'])).toBe('kattokorko+yhdistelylaina');
  });
});
