// Vite plugin: @rjsf/utils' import of fast-uri resolves to a small stand-in
// (engine/react/fragment-uri.ts says why RJSF never needs the library with these
// schemas). Only that importer's: AJV, which the bundle benchmark's comparison runs in
// the browser, parses and serialises URIs with it for real.
import type { Plugin } from 'vite';

const RJSF_UTILS = /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/;

export function rjsfUriPlugin(standIn: string): Plugin {
  return {
    name: 'rjsf-uri',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'fast-uri' && importer !== undefined && RJSF_UTILS.test(importer) ? standIn : null;
    },
  };
}
