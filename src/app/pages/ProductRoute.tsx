// Everything under /hakemus/{product}/: loads the form for the brand and product,
// then shows the page the rest of the path names.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { AppFlow } from '../../flows/app-flow.ts';
import { appFlowOf } from '../../flows/app-registry.ts';
import type { Brand } from '../brands.ts';
import type { FormRuntime } from '../../../engine/core/index.ts';
import type { FormLoader, LoadedForm } from '../form-source.ts';
import { productEntry } from '../catalogue.ts';
import { LoadedFormContext } from '../loaded-form.ts';
import { loadSchemaParts, prefetchSchemaParts } from '../schema-prefetch.ts';
import { documentTitle } from '../messages/step.fi.ts';
import { productOfPath, variantsFor, type Product } from '../products.ts';
import { looksLikeApplication, parseApplicationPath, paths, type AppRoute } from '../routes.ts';
import { fill } from '../text.ts';
import { ApplicationPage } from './ApplicationPage.tsx';
import { FlowMissingPage } from './FlowMissingPage.tsx';
import { AuthenticationPage, PrefillPage, ResumeGate } from './lazy-pages.tsx';
import { LoadFailedPage, LoadingPage } from './LoadingPages.tsx';
import { NotFoundPage } from './PlaceholderPages.tsx';
import { readLandingParams } from '../application/query.ts';
import { resumedOnStart } from '../application/initial-state.ts';
import { draftScopeOf, heldRelease, loadApplication, loadDraft } from '../application/storage.ts';
import { useBrowserState } from '../../../engine/react/hydration.ts';

type Loading = { status: 'loading' } | { status: 'ready'; form: LoadedForm } | { status: 'failed' };

/**
 * `release`: the one a held application was started on (null: the live form). `saved`: the
 * route names a saved application (a step's path, a resume link, the mortgage's resumed start):
 * the page may check answers of any step, so the later steps' validators are asked for at once,
 * and ProductForm waits for them before showing the application (`SchemaParts`). A new
 * application shows step 1 with its own part and asks for the rest when the browser is idle.
 */
function useForm(load: FormLoader, brand: Brand, product: Product, release: string | null, saved: boolean): Loading {
  // A form loaded already is shown in the first render: a page the server rendered is hydrated
  // with it (boot.tsx loads it first), and no loading page comes between.
  const loadedNow = () => load.loaded?.(productEntry(product).document, variantsFor(brand, product), release);
  const [state, setState] = useState<Loading>(() => {
    const form = loadedNow();
    return form ? { status: 'ready', form } : { status: 'loading' };
  });
  // The form on the page, for the next effect (declared before it, so it runs first).
  const shown = useRef<LoadedForm | undefined>(undefined);
  useEffect(() => {
    shown.current = state.status === 'ready' ? state.form : undefined;
  });
  useEffect(() => {
    // A new application is stamped with the release the page shows: the page goes on with it, not reloaded.
    if (release !== null && shown.current?.release === release) return;
    const ready = loadedNow();
    if (ready) {
      setState((current) => (current.status === 'ready' && current.form === ready ? current : { status: 'ready', form: ready }));
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    load(productEntry(product).document, variantsFor(brand, product), release).then(
      (form) => current && setState({ status: 'ready', form }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedNow reads these
  }, [load, brand, product, release]);
  const form = state.status === 'ready' ? state.form : undefined;
  useEffect(() => {
    if (!form || form.runtime.schemaLoaded()) return;
    if (saved) loadSchemaParts(form.runtime);
    else prefetchSchemaParts(form.runtime);
  }, [form, saved]);
  return state;
}

/** Every step's validator, for a page that shows a saved application (`wanted`): `undefined` while they load. */
function useSchemaParts(runtime: FormRuntime, wanted: boolean): 'loaded' | 'failed' | undefined {
  const [settled, setSettled] = useState<{ runtime: FormRuntime; outcome: 'loaded' | 'failed' }>();
  const loaded = runtime.schemaLoaded();
  useEffect(() => {
    // A new application's page asks for them when the browser is idle (useForm), not here.
    if (loaded || !wanted) return;
    let current = true;
    runtime.whenSchemaLoaded().then(
      () => current && setSettled({ runtime, outcome: 'loaded' }),
      () => current && setSettled({ runtime, outcome: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [runtime, loaded, wanted]);
  if (loaded) return 'loaded';
  return settled?.runtime === runtime ? settled.outcome : undefined;
}

/** The application the path names (in it, or a resume link's query): its form is the release this tab holds for it. */
function heldReleaseOf(route: AppRoute, search: string): string | null {
  if (route.kind === 'step') return heldRelease(route.id, route.token);
  if (route.kind !== 'start') return null;
  const params = new URLSearchParams(search);
  const id = params.get('id');
  const token = params.get('token');
  return id && token ? heldRelease(id, token) : null;
}

export function ProductRoute({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  const params = useParams();
  const product = productOfPath(params.product);
  if (product === undefined) return <NotFoundPage brand={brand} />;
  // The catalogue names the flow; its module says which pages it has (src/flows/<flow>/app.tsx).
  const appFlow = appFlowOf(product);
  if (!appFlow) return <FlowMissingPage brand={brand} product={product} />;
  return <ProductPages key={product} brand={brand} product={product} flow={appFlow} rest={params['*'] ?? ''} load={load} />;
}

function ProductPages({ brand, product, flow, rest, load }: { brand: Brand; product: Product; flow: AppFlow; rest: string; load: FormLoader }): ReactNode {
  const route = parseApplicationPath(rest, productEntry(product).flow);
  const { search, state: historyState } = useLocation();
  const form = useForm(load, brand, product, heldReleaseOf(route, search), namesSaved(route, search, historyState));
  // The offers list names itself ('Lainatarjoukset'); a parent's effect runs after its
  // child's, so this one must leave that page alone rather than overwrite it.
  const titled = route.kind !== 'offers';
  useEffect(() => {
    if (titled) document.title = fill(documentTitle.application, { product: documentTitle.products[product], brand: brand.name });
  }, [titled, product, brand.name]);

  switch (route.kind) {
    case 'notFound':
      return <NotFoundPage brand={brand} />;
    case 'prefill':
      return <PrefillPage brand={brand} product={product} />;
    case 'authentication':
      if (!flow.identification) return <NotFoundPage brand={brand} />;
      return <AuthenticationPage brand={brand} product={product} id={route.id} token={route.token} identification={flow.identification} />;
    case 'status':
      return <flow.pages.status brand={brand} product={product} id={route.id} token={route.token} />;
    case 'offers':
      return <flow.pages.offers brand={brand} product={product} id={route.id} token={route.token} />;
    case 'denied':
    case 'error': {
      const Result = flow.pages[route.kind];
      return Result ? <Result brand={brand} product={product} /> : <NotFoundPage brand={brand} />;
    }
  }
  const page = <ProductForm brand={brand} product={product} flow={flow} route={route} form={form} search={search} historyState={historyState} />;
  // A flow may check where a reopened link's application is before any form (the mortgage, spec §4).
  const { FormGate } = flow;
  return FormGate ? (
    <FormGate brand={brand} product={product} route={route}>
      {page}
    </FormGate>
  ) : (
    page
  );
}

/** A step's path or the mortgage's resumed start: the page shows a saved application. */
const showsSaved = (route: AppRoute, historyState: unknown) => route.kind === 'step' || (route.kind === 'start' && resumedOnStart(historyState) !== null);

/** A saved application's page or a resume link: the page may check answers of any step. */
const namesSaved = (route: AppRoute, search: string, historyState: unknown) =>
  showsSaved(route, historyState) || (route.kind === 'start' && new URLSearchParams(search).has('id'));

/** The form of a product: its application page, or the code gate of a saved one this tab does not hold. */
function ProductForm({ brand, product, flow, route, form, search, historyState }: { brand: Brand; product: Product; flow: AppFlow; route: AppRoute; form: Loading; search: string; historyState: unknown }): ReactNode {
  if (form.status === 'loading') return <LoadingPage brand={brand} product={product} />;
  if (form.status === 'failed') return <LoadFailedPage brand={brand} product={product} />;
  const { runtime } = form.form;
  // A saved application this tab does not hold opens only with a one-time code (spec §4),
  // landing on the step its path names when the saved answers allow it.
  if (route.kind === 'step' && !loadApplication(route.id, route.token)) {
    return <ResumeGate key={`${route.id}/${route.token}`} brand={brand} product={product} id={route.id} token={route.token} mode="saved" runtime={runtime} step={route.step} />;
  }
  // A resume link in the query (spec §2) names no step: this tab's copy opens on the furthest
  // step reached, another browser's after the code on the first step that is not complete.
  if (route.kind === 'start') {
    const { id, token } = readLandingParams(search, runtime.document);
    if (id && token) {
      if (!looksLikeApplication(id, token)) return <NotFoundPage brand={brand} />;
      const held = loadApplication(id, token);
      if (held) return <Navigate to={paths.step(product, held.step, id, token)} replace />;
      return <ResumeGate key={`${id}/${token}`} brand={brand} product={product} id={id} token={token} mode="saved" runtime={runtime} />;
    }
  }
  const page = (
    <LoadedFormContext.Provider value={form.form}>
      <ApplicationPage form={form.form} brand={brand} product={product} route={route} flow={flow} />
    </LoadedFormContext.Provider>
  );
  // A saved application's answers reach past step 1: its page waits for every step's validator
  // (asked for when the route was opened), as does a draft past step 1 (SchemaParts). A new application's start page, which the server
  // may have rendered and the browser hydrates, is shown at once with step 1's. The page sits
  // in SchemaParts either way: were it wrapped only on a step's path, the first save (the start
  // path becoming step 1's, then step 2's) would unmount the page and build it anew.
  return (
    <SchemaParts brand={brand} product={product} runtime={runtime} waits={showsSaved(route, historyState)}>
      {page}
    </SchemaParts>
  );
}

/** This tab's unsaved draft reaches past the first step: a customer's new prefilled application opens on its last one. */
function draftPastStart(runtime: FormRuntime, brand: Brand, product: Product): boolean {
  const first = Math.min(...runtime.document.steps.map((step) => step.number));
  return (loadDraft(draftScopeOf(brand, product))?.step ?? first) > first;
}

/**
 * The page once every step's validator has arrived, when it `waits` for them or opens this tab's
 * draft past the first step (a later step's check would otherwise throw, the page gone blank);
 * else at once. Once shown in the browser it stays: a draft moving on to step 2 on the start path
 * has awaited them on continue, and were they to fail, the server checks the save.
 */
function SchemaParts({ brand, product, runtime, waits, children }: { brand: Brand; product: Product; runtime: FormRuntime; waits: boolean; children: ReactNode }): ReactNode {
  // The render that hydrates the server's step 1 reads no tab storage (engine/react/hydration.ts).
  const browser = useBrowserState();
  const shown = useRef<FormRuntime | undefined>(undefined);
  const wanted = waits || (browser && shown.current !== runtime && draftPastStart(runtime, brand, product));
  const parts = useSchemaParts(runtime, wanted);
  if (wanted && parts === undefined) return <LoadingPage brand={brand} product={product} />;
  if (wanted && parts === 'failed') return <LoadFailedPage brand={brand} product={product} />;
  if (browser) shown.current = runtime;
  return children;
}
