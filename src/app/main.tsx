// The application entry: the consumer document with validators precompiled at
// build time (virtual:form/consumer), one chunk per variant set, loaded on demand.
import { document, validators } from 'virtual:form/consumer';
import { createFormRuntime, resolveVariants, variantKey } from '../../engine/core/index.ts';
import { boot } from './boot.tsx';
import type { FormLoader } from './form-source.ts';

const cache = new Map<string, ReturnType<FormLoader>>();

const load: FormLoader = (wanted) => {
  // A brand's variant applies where the document declares it (engine/core/catalogue.ts).
  const variants = wanted.filter((name) => Object.hasOwn(document.variants ?? {}, name));
  const key = variantKey(document, variants);
  let loaded = cache.get(key);
  if (!loaded) {
    const loader = validators[key];
    loaded = loader
      ? loader().then((validate) => ({ runtime: createFormRuntime(resolveVariants(document, variants), validate) }))
      : Promise.reject(new Error(`no validator for ${key}`));
    cache.set(key, loaded);
  }
  return loaded;
};

boot(load);
