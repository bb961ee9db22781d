// The application entry: every product's document per variant set, resolved and with
// its validator precompiled at build time (virtual:forms), one chunk per set,
// loaded on demand (form-preload.ts has asked for the route's one already). The
// browser applies no variant patches itself. A form the server has published since this
// build comes from the server instead (live-forms.ts); the ask starts with the page.
// A product's validator comes in parts, step 1's in the set's chunk (chunkValidator);
// ProductRoute asks for the rest once step 1 is shown (schema-prefetch.ts).
import { documents, releases } from 'virtual:forms';
import { chunkValidator, createFormRuntime } from '../../engine/core/index.ts';
import { boot } from './boot.tsx';
import { askLiveReleases, liveFormLoader, type ReleaseModule } from './live-forms.ts';
import { variantSetLoader } from './variant-sets.ts';

const built = variantSetLoader(documents, (chunk) => ({ runtime: createFormRuntime(chunk.document, chunkValidator(chunk)) }));
void boot(
  liveFormLoader(built, releases, {
    live: askLiveReleases(),
    importModule: (url) => import(/* @vite-ignore */ url) as Promise<ReleaseModule>,
    helpers: async () => {
      const [finnishValidators, ajvRuntime] = await Promise.all([import('../../custom-validators/runtime.ts'), import('../../engine/core/ajv-runtime.ts')]);
      return { finnishValidators, ajvRuntime };
    },
  }),
);
