// Starts the application with a form loader: the real one (main.tsx) or the
// bundle benchmark's comparison. A page the server rendered (step 1 of a product,
// src/server/first-paint.ts) is hydrated, once the form it was rendered with has loaded,
// so the first render in the browser is the server's; any other page is rendered here.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '../../engine/react/theme.css';
import { App } from './App.tsx';
import { brandForHost, type Brand } from './brands.ts';
import { rememberLanding } from './application/tracking.ts';
import { productEntry } from './catalogue.ts';
import type { FormLoader } from './form-source.ts';
import { productOfPath, variantsFor } from './products.ts';
import { holdUntilReady } from '../../engine/react/hydration.ts';
import { takeChangesBeforeHydration } from './ssr/typed-before-hydration.ts';
import './styles/app.css';

/** The form of the product whose start path this is (the only pages the server renders). */
function serverRenderedForm(brand: Brand): { document: string; variants: string[] } | undefined {
  const [, section, segment] = location.pathname.split('/');
  const product = section === 'hakemus' ? productOfPath(segment) : undefined;
  return product === undefined ? undefined : { document: productEntry(product).document, variants: variantsFor(brand, product) };
}

/** Calls `then` once the tree inside has hydrated: a parent's effect runs after its children's. */
function Hydrated({ then, children }: { then: () => void; children: ReactNode }): ReactNode {
  useEffect(then, [then]);
  return children;
}

export async function boot(load: FormLoader): Promise<void> {
  rememberLanding();
  const brand = brandForHost(location.hostname);
  document.documentElement.dataset.brand = brand.id;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  const app = (
    <StrictMode>
      <App brand={brand} load={load} />
    </StrictMode>
  );
  const form = root.firstElementChild ? serverRenderedForm(brand) : undefined;
  const ready = form && (await load(form.document, form.variants, null).then(
    () => true,
    () => false,
  ));
  if (!ready) {
    // Nothing from the server, or its form failed to load here: the page is rendered as the browser has it.
    root.replaceChildren();
    createRoot(root).render(app);
    return;
  }
  const replay = takeChangesBeforeHydration(root);
  const release = holdUntilReady();
  // After hydration and the render that brings in this tab's own state (engine/react/hydration.ts),
  // which React makes at once: a change made before would otherwise be overwritten by a stored draft.
  // Once (a development build's StrictMode runs an effect twice).
  let done = false;
  const hydrated = () =>
    void setTimeout(() => {
      if (done) return;
      done = true;
      replay();
      release();
      // Said on the page for whoever waits for it (the tests, the phone benchmark); the root is React's.
      document.documentElement.dataset.hydrated = '';
    }, 0);
  hydrateRoot(root, <Hydrated then={hydrated}>{app}</Hydrated>, {
    // A mismatch React recovers from by rendering in the browser is still a fault of ours: said where the tests look.
    onRecoverableError: (error, info) => console.error('hydration:', error, info.componentStack ?? ''),
  });
}
