// Vite plugin: builds `entry` (src/app/form-preload.ts) as an entry of its own and puts
// it in index.html ahead of the application's entry, `async`, so the route's form chunk
// is requested while the application's entry is still downloading. Vite makes one
// entry of all the module scripts an HTML file names, hence the separate chunk and tag.
import { dirname, resolve } from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export function formPreloadPlugin(entry: string): Plugin {
  let enabled = false;
  let base = '/';
  return {
    name: 'lainavertailu-form-preload',
    // Not the server's render of the first step (src/app/ssr/render-step.tsx): no pages, no browser files.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      // Only the application's own pages: the bundle benchmark builds another root
      // (RJSF's default validator), which must not load the precompiled one.
      enabled = resolve(config.root) === dirname(entry);
      base = config.base;
    },
    buildStart() {
      if (enabled) this.emitFile({ type: 'chunk', id: entry, name: 'form-preload' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, path }): HtmlTagDescriptor[] | undefined {
        // Only the applicants' page: the form studio (studio.html) shows no application form.
        if (!enabled || !bundle || !path.endsWith('/index.html')) return undefined;
        const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.facadeModuleId === entry);
        if (!chunk) throw new Error(`form-preload: ${entry} was not built`);
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `${base}${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
