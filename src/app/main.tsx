// The application entry: every product's document per variant set, resolved and with
// its validator precompiled at build time (virtual:forms), one chunk per set,
// loaded on demand (form-preload.ts has asked for the route's one already). The
// browser applies no variant patches itself.
import { documents } from 'virtual:forms';
import { createFormRuntime } from '../../engine/core/index.ts';
import { boot } from './boot.tsx';
import { variantSetLoader } from './variant-sets.ts';

boot(variantSetLoader(documents, ({ document, validate }) => ({ runtime: createFormRuntime(document, validate) })));
