// The browser picks the variant set's chunk the build made (virtual:forms) from the
// product's document and the brand's and product's variants, and loads each chunk once.
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
    const load = variantSetLoader({ consumer: counted, other: [] }, (chunk) => ({ runtime: chunk as never }));
    const first = load('consumer', ['kattokorko']);
    expect(load('consumer', ['kattokorko'])).toBe(first);
    expect((await first).runtime).toBe('kattokorko');
    expect(loads).toBe(1);
  });

  it('refuses a document the build has no sets of, and one with no set for the variants', async () => {
    const load = variantSetLoader({ consumer: sets, other: [] }, (chunk) => ({ runtime: chunk as never }));
    await expect(load('mortgage', [])).rejects.toThrow(/mortgage/);
    await expect(load('other', [])).rejects.toThrow(/other/);
    await expect(load('toString', [])).rejects.toThrow();
  });
});
