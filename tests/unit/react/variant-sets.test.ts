// The browser picks the variant set's chunk the build made (virtual:form/consumer)
// from the brand's and product's variants, and loads each chunk once.
import { describe, expect, it } from 'vitest';
import { variantSetFor, variantSetLoader } from '../../../src/app/variant-sets.ts';

const sets = [[], ['yhdistelylaina'], ['kattokorko'], ['yhdistelylaina', 'kattokorko']].map((variants) => ({ variants, load: () => Promise.resolve(variants.join('+') || 'base') }));

describe('variantSetFor', () => {
  it('finds the set with exactly the wanted variants, in any order', () => {
    expect(variantSetFor(sets, [])?.variants).toEqual([]);
    expect(variantSetFor(sets, ['kattokorko'])?.variants).toEqual(['kattokorko']);
    expect(variantSetFor(sets, ['kattokorko', 'yhdistelylaina'])?.variants).toEqual(['yhdistelylaina', 'kattokorko']);
  });

  it('leaves out variants the document does not declare (a brand variant of another document), and repeats', () => {
    expect(variantSetFor(sets, ['otherBrand'])?.variants).toEqual([]);
    expect(variantSetFor(sets, ['kattokorko', 'kattokorko', 'otherBrand'])?.variants).toEqual(['kattokorko']);
  });
});

describe('variantSetLoader', () => {
  it('loads a set once and builds its form from the chunk', async () => {
    let loads = 0;
    const counted = sets.map((set) => ({ ...set, load: () => ((loads += 1), set.load()) }));
    const load = variantSetLoader(counted, (chunk) => ({ runtime: chunk as never }));
    const first = load(['kattokorko']);
    expect(load(['kattokorko'])).toBe(first);
    expect((await first).runtime).toBe('kattokorko');
    expect(loads).toBe(1);
  });
});
