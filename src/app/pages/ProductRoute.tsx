// Everything under /hakemus/{product}/: loads the form for the brand and product,
// then shows the page the rest of the path names.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { AppFlow } from '../../flows/app-flow.ts';
import { appFlowOf } from '../../flows/app-registry.ts';
import type { Brand } from '../brands.ts';
import type { FormLoader, LoadedForm } from '../form-source.ts';
import { productEntry } from '../catalogue.ts';
import { LoadedFormContext } from '../loaded-form.ts';
import { prefetchSchemaParts } from '../schema-prefetch.ts';
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
import { heldRelease, loadApplication } from '../application/storage.ts';

type Loading = { status: 'loading' } | { status: 'ready'; form: LoadedForm } | { status: 'failed' };

/**
 * `release`: the one a held application was started on (null: the live form). `whole`: the page
 * may check answers of any step (a saved application, a resume), so it waits for every step's
 * validator; a new application shows step 1 with its own and asks for the rest once shown.
 */
function useForm(load: FormLoader, brand: Brand, product: Product, release: string | null, whole: boolean): Loading {
  const [state, setState] = useState<Loading>({ status: 'loading' });
  // The form on the page, for the next effect (declared before it, so it runs first).
  const shown = useRef<LoadedForm | undefined>(undefined);
  useEffect(() => {
    shown.current = state.status === 'ready' ? state.form : undefined;
  });
  useEffect(() => {
    // A new application is stamped with the release the page shows: the page goes on with it, not reloaded.
    if (release !== null && shown.current?.release === release) return;
    let current = true;
    setState({ status: 'loading' });
    load(productEntry(product).document, variantsFor(brand, product), release).then(
      (form) => current && setState({ status: 'ready', form }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [load, brand, product, release]);
  const form = state.status === 'ready' ? state.form : undefined;
  const [complete, setComplete] = useState<LoadedForm | null>(null);
  useEffect(() => {
    if (!form || form.runtime.schemaLoaded()) return;
    if (!whole) {
      prefetchSchemaParts(form.runtime);
      return;
    }
    let current = true;
    form.runtime.whenSchemaLoaded().then(
      () => current && setComplete(form),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [form, whole]);
  if (whole && form && complete !== form && !form.runtime.schemaLoaded()) return { status: 'loading' };
  return state;
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
  const { search } = useLocation();
  const form = useForm(load, brand, product, heldReleaseOf(route, search), route.kind !== 'start' || new URLSearchParams(search).has('id'));
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
  const page = <ProductForm brand={brand} product={product} flow={flow} route={route} form={form} search={search} />;
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

/** The form of a product: its application page, or the code gate of a saved one this tab does not hold. */
function ProductForm({ brand, product, flow, route, form, search }: { brand: Brand; product: Product; flow: AppFlow; route: AppRoute; form: Loading; search: string }): ReactNode {
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
  return (
    <LoadedFormContext.Provider value={form.form}>
      <ApplicationPage form={form.form} brand={brand} product={product} route={route} flow={flow} />
    </LoadedFormContext.Provider>
  );
}
