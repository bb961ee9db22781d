// The application entry: the consumer document per variant set, resolved and with
// its validator precompiled at build time (virtual:form/consumer), one chunk per set,
// loaded on demand (form-preload.ts has asked for the route's one already). The
// browser applies no variant patches itself.
import { variantSets } from 'virtual:form/consumer';
import { createFormRuntime } from '../../engine/core/index.ts';
import { boot } from './boot.tsx';
import { variantSetLoader } from './variant-sets.ts';

boot(variantSetLoader(variantSets, ({ document, validate }) => ({ runtime: createFormRuntime(document, validate) })));
