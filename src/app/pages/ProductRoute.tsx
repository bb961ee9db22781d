// Everything under /hakemus/{product}/: loads the form for the brand and product,
// then shows the page the rest of the path names.
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import type { FormLoader, LoadedForm } from '../form-source.ts';
import { productEntry } from '../catalogue.ts';
import { LoadedFormContext } from '../loaded-form.ts';
import { MortgageStageCheck } from '../mortgage/StageCheck.tsx';
import { documentTitle } from '../messages.fi.ts';
import { productOfPath, variantsFor, type Product } from '../products.ts';
import { looksLikeApplication, parseApplicationPath, paths, type AppRoute } from '../routes.ts';
import { fill } from '../text.ts';
import { ApplicationPage } from './ApplicationPage.tsx';
import {
  AuthenticationPage,
  BusinessOffersPage,
  MortgageDeniedPage,
  MortgageErrorPage,
  MortgageOffersPage,
  MortgageStatusPage,
  OffersPage,
  PrefillPage,
  ResumeGate,
  StatusPage,
} from './lazy-pages.tsx';
import { LoadFailedPage, LoadingPage } from './LoadingPages.tsx';
import { NotFoundPage } from './PlaceholderPages.tsx';
import { readLandingParams } from '../application/query.ts';
import { loadApplication } from '../application/storage.ts';

type Loading = { status: 'loading' } | { status: 'ready'; form: LoadedForm } | { status: 'failed' };

function useForm(load: FormLoader, brand: Brand, product: Product): Loading {
  const [state, setState] = useState<Loading>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    load(productEntry(product).document, variantsFor(brand, product)).then(
      (form) => current && setState({ status: 'ready', form }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [load, brand, product]);
  return state;
}

export function ProductRoute({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  const params = useParams();
  const product = productOfPath(params.product);
  if (product === undefined) return <NotFoundPage brand={brand} />;
  return <ProductPages key={product} brand={brand} product={product} rest={params['*'] ?? ''} load={load} />;
}

function ProductPages({ brand, product, rest, load }: { brand: Brand; product: Product; rest: string; load: FormLoader }): ReactNode {
  const { flow } = productEntry(product);
  const route = parseApplicationPath(rest, flow);
  const form = useForm(load, brand, product);
  const { search } = useLocation();
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
      return <AuthenticationPage brand={brand} product={product} id={route.id} token={route.token} />;
    case 'status':
      if (flow === 'mortgage') return <MortgageStatusPage brand={brand} product={product} id={route.id} token={route.token} />;
      return <StatusPage brand={brand} product={product} id={route.id} token={route.token} />;
    case 'offers':
      if (flow === 'mortgage') return <MortgageOffersPage brand={brand} product={product} id={route.id} token={route.token} />;
      if (flow === 'business') return <BusinessOffersPage brand={brand} product={product} id={route.id} token={route.token} />;
      return <OffersPage brand={brand} product={product} id={route.id} token={route.token} />;
    case 'denied':
      return <MortgageDeniedPage brand={brand} product={product} />;
    case 'error':
      return <MortgageErrorPage brand={brand} product={product} />;
  }
  // A reopened mortgage link goes where the application is before any form (spec §4).
  if (flow === 'mortgage') {
    return (
      <MortgageStageCheck brand={brand} product={product} route={route}>
        <ProductForm brand={brand} product={product} route={route} form={form} search={search} />
      </MortgageStageCheck>
    );
  }
  return <ProductForm brand={brand} product={product} route={route} form={form} search={search} />;
}

/** The form of a product: its application page, or the code gate of a saved one this tab does not hold. */
function ProductForm({ brand, product, route, form, search }: { brand: Brand; product: Product; route: AppRoute; form: Loading; search: string }): ReactNode {
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
      <ApplicationPage form={form.form} brand={brand} product={product} route={route} />
    </LoadedFormContext.Provider>
  );
}
