// The form loader over the variant sets a build provides, one chunk each: the
// application's (virtual:form/consumer: resolved document and precompiled validator)
// or the bundle benchmark's comparison (resolved document, RJSF's run-time AJV).
import type { FormLoader, LoadedForm } from './form-source.ts';

export interface VariantSet<Chunk> {
  variants: readonly string[];
  load: () => Promise<Chunk>;
}

/** The set of the wanted variants the document declares (a brand's variant applies where declared, engine/core/catalogue.ts). */
export function variantSetFor<S extends { variants: readonly string[] }>(sets: readonly S[], wanted: readonly string[]): S | undefined {
  const declared = sets.flatMap((set) => set.variants);
  const names = [...new Set(wanted.filter((name) => declared.includes(name)))];
  return sets.find((candidate) => candidate.variants.length === names.length && candidate.variants.every((name) => names.includes(name)));
}

/** Loads each set's chunk once, turning it into the form with `toForm`; `documents` maps a document id to its sets. */
export function variantSetLoader<Chunk>(documents: Readonly<Record<string, readonly VariantSet<Chunk>[]>>, toForm: (chunk: Chunk) => LoadedForm): FormLoader {
  const cache = new Map<VariantSet<Chunk>, Promise<LoadedForm>>();
  const done = new Map<VariantSet<Chunk>, LoadedForm>();
  const setOf = (document: string, wanted: readonly string[]) => (Object.hasOwn(documents, document) ? variantSetFor(documents[document], wanted) : undefined);
  const load: FormLoader = (document, wanted) => {
    const set = setOf(document, wanted);
    if (!set) return Promise.reject(new Error(`no variant set of ${document} for ${wanted.join('+') || 'base'}`));
    let loaded = cache.get(set);
    if (!loaded) {
      loaded = set.load().then((chunk) => {
        const form = toForm(chunk);
        done.set(set, form);
        return form;
      });
      cache.set(set, loaded);
    }
    return loaded;
  };
  load.loaded = (document, wanted) => {
    const set = setOf(document, wanted);
    return set && done.get(set);
  };
  return load;
}
