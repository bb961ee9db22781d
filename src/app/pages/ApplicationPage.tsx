// The consumer application: the wizard, the summary beside it, saving each step
// through the API and moving to the step path it returns (spec §2, §4). Each step
// is an entry in the browser's history: Back shows the previous step, Forward the
// next one again, with every answer kept (issue 11).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import type { FormData } from '../../../engine/core/index.ts';
import { createAnswersStore, FormWizard, goToStep, SummaryPanel, useAnswers, type AnswersStore, type ContinueOutcome, type FormWizardHandle } from '../../../engine/react/index.ts';
import { trackResume, trackStep } from '../analytics.ts';
import { createApplication, lookupTown, updateApplication } from '../api.ts';
import { consumerSlots } from '../application/StepExtras.tsx';
import { SummaryCard } from '../application/SummaryCard.tsx';
import { freshState, initialState, shownStep, type ApplicationState } from '../application/initial-state.ts';
import { savePayload } from '../application/payload.ts';
import { presetAnswers } from '../application/preset.ts';
import { readLandingParams } from '../application/query.ts';
import { clearDraft, draftScopeOf, forgetApplication, storeApplication, storeApplicationSoon, storeDraftSoon, storeRelease } from '../application/storage.ts';
import { currentTracking } from '../application/tracking.ts';
import type { AppFlow } from '../../flows/app-flow.ts';
import type { Brand } from '../brands.ts';
import type { LoadedForm } from '../form-source.ts';
import { PromoBox, SupportLine } from '../layout/Aside.tsx';
import { presetFormData } from '../layout/embedding.ts';
import { Hero } from '../layout/Hero.tsx';
import { HomeNoticePage, PageShell } from '../layout/PageShell.tsx';
import { pages, renderer, summaryPanel } from '../messages/step.fi.ts';
import { AppModal, infoButtonLabel, isInfoKey, type ModalState } from '../modals/AppModals.tsx';
import type { Product } from '../products.ts';
import { paths, type AppRoute } from '../routes.ts';
import { markPrefilled, unmarkPrefilled, wasPrefilled } from '../resume/saved-form.ts';
import { useBrowserState } from '../../../engine/react/hydration.ts';

/** The answers before the application is found (nothing is rendered from them). */
const NO_DATA: FormData = {};

interface Props {
  form: LoadedForm;
  brand: Brand;
  product: Product;
  route: AppRoute;
  /** What the product's flow does with a save and after the last step (src/flows/<flow>/app.tsx). */
  flow: Pick<AppFlow, 'firstCall' | 'lastStep' | 'saveTexts' | 'stepEvent'>;
}

export function ApplicationPage({ form, brand, product, route, flow }: Props): ReactNode {
  const { runtime, validator } = form;
  const navigate = useNavigate();
  const location = useLocation();
  const landing = useMemo(() => {
    const params = readLandingParams(location.search, runtime.document);
    // A host page's preset (spec §3), under what the query says.
    return { ...params, answers: { ...presetAnswers(runtime.document, presetFormData()), ...params.answers } };
  }, [location.search, runtime]);
  const draftScope = draftScopeOf(brand, product);
  // The server renders a new application (src/app/ssr/render-step.tsx) and the browser hydrates
  // that; this tab's draft, the query's and a host page's answers come in the render after.
  const browser = useBrowserState();
  const [state, setState] = useState<ApplicationState | null>(() => (browser ? initialState(runtime, route, landing, draftScope, location.state) : freshState(runtime)));
  const [fromServer, setFromServer] = useState(!browser);
  if (browser && fromServer) {
    setFromServer(false);
    setState(initialState(runtime, route, landing, draftScope, location.state));
  }
  // `state.data` is what the page opened with; the answers since live in one store
  // (`answers`), which the fields, the summary and the stored copy subscribe to, so a
  // keystroke renders none of this page (issue 31). A new runtime keeps what was typed; the
  // render after hydration starts from this tab's answers instead of the server's.
  const storeOf = useRef<{ store: AnswersStore; fromServer: boolean } | null>(null);
  const answers = useMemo(() => {
    const kept = storeOf.current?.fromServer === fromServer ? storeOf.current.store.get() : undefined;
    const store = createAnswersStore(runtime, kept ?? state?.data ?? NO_DATA);
    storeOf.current = { store, fromServer };
    return store;
  }, [runtime, fromServer]); // eslint-disable-line react-hooks/exhaustive-deps
  const [modal, setModal] = useState<ModalState>(null);
  const wizard = useRef<FormWizardHandle>(null);
  const home = paths.start(product);
  const navigationType = useNavigationType();
  // The step shown as the current one: the path's, within what was reached and applies
  // (a number: the page renders again when an answer changes it, not on every keystroke).
  const shownOf = useCallback((data: FormData) => (state ? shownStep(runtime, { ...state, data }, route) : 1), [state, runtime, route]);
  const shown = useAnswers(answers, shownOf);

  // The answers survive a reload of this tab (ADR 0003): written when the page's state
  // changes and after every change of the answers (once its frame is painted).
  useEffect(() => {
    // The server's answers must not overwrite this tab's draft before it is read.
    if (!state || fromServer) return;
    const store = () => {
      const data = answers.get();
      if (state.id && state.token) storeApplicationSoon({ id: state.id, token: state.token, data, step: state.step, tracked: state.tracked });
      else storeDraftSoon(draftScope, { data, tracked: state.tracked, step: state.step });
    };
    store();
    return answers.subscribe(store);
  }, [state, draftScope, answers, fromServer]);

  // The path names the step shown, so a reload comes back to it. A path naming a step not
  // reached yet, or one that no longer applies to the answers (the co-applicant step after
  // unticking), is replaced by the step shown instead.
  useEffect(() => {
    if (route.kind !== 'step' || !state?.id || !state.token) return;
    const path = paths.step(product, shown, state.id, state.token);
    if (location.pathname !== path) navigate(path + location.search, { replace: true });
  }, [route.kind, state?.id, state?.token, shown, product, location.pathname, location.search, navigate]);

  // Back shows an earlier step: it is scrolled to and its heading focused, as continuing
  // does for the next step (the wizard itself does that for a step shown further on).
  const view = useRef({ shown, key: location.key });
  useEffect(() => {
    const before = view.current;
    view.current = { shown, key: location.key };
    if (navigationType === NavigationType.Pop && location.key !== before.key && shown < before.shown) requestAnimationFrame(() => goToStep(shown));
  }, [shown, location.key, navigationType]);

  // One analytics event per step, the first time it is shown; Back and Forward send none.
  useEffect(() => {
    if (!state || fromServer || state.tracked.includes(shown)) return;
    trackStep(flow.stepEvent, shown, { brand: brand.id, product, application: state.id ?? undefined });
    setState((current) => current && (current.tracked.includes(shown) ? current : { ...current, tracked: [...current.tracked, shown] }));
  }, [state, fromServer, shown, brand.id, product, flow.stepEvent]);

  const onContinue = useCallback(
    async (step: number, data: FormData): Promise<ContinueOutcome> => {
      if (!state) return { ok: false };
      setModal({ kind: 'saving' });
      const first = !state.id || !state.token;
      // A flow whose last step submits the application (the mortgage, marketplace spec §4) says so with that save.
      const submits = flow.lastStep === 'submit' && runtime.nextStep(step, data) === null;
      const body = savePayload(runtime, data, { step, brand: brand.id, product, tracking: first ? currentTracking(landing) : undefined, finalize: submits && !first });
      // The application these answers belong to, once it exists.
      let saved = first ? undefined : { id: state.id!, token: state.token! };
      let outcome = first ? await createApplication(product, flow.firstCall, body) : await updateApplication(product, state.id!, state.token!, body);
      if (first && submits && outcome.kind === 'created') {
        // A prefilled mortgage is first saved at its last step (issue 25: created by its first
        // save), and the call that creates an application does not submit it: created, it is
        // this tab's from here on (a submit that fails is retried as a save of it), then submitted.
        const created = outcome;
        saved = created;
        clearDraft(draftScope);
        if (wasPrefilled(draftScope)) markPrefilled(created.id);
        storeApplication({ id: created.id, token: created.token, data, step, tracked: state.tracked });
        storeRelease(created.id, created.token, created.release);
        setState((current) => current && { ...current, id: created.id, token: created.token });
        const submitted = await updateApplication(product, created.id, created.token, savePayload(runtime, data, { step, brand: brand.id, product, finalize: true }));
        outcome = submitted.kind === 'saved' ? created : submitted;
      }
      if (outcome.kind === 'invalid') {
        setModal({ kind: 'saveFailed', fields: outcome.errors.map((error) => ({ ...error, label: runtime.label(error.field) })) });
        return { ok: false, errors: outcome.errors, focusSummary: false };
      }
      if (outcome.kind === 'failed') {
        setModal({ kind: 'saveFailed', fields: [] });
        return { ok: false };
      }
      if (outcome.kind === 'sessionRequired') {
        // The link alone does not change an application (issue 14): this tab forgets its
        // copy, and the same path then asks for the one-time code, as a new browser would.
        setModal(null);
        forgetApplication(state.id!);
        navigate(location.pathname + location.search, { replace: true });
        return { ok: false };
      }
      if (outcome.kind === 'alreadySubmitted' && saved) {
        // Submitted already (in another browser, or before a lost answer; issue 25): nothing is
        // left to save, so the person goes on to identification, whose page checks the stage.
        setModal(null);
        forgetApplication(saved.id);
        navigate(paths.authentication(product, saved.id, saved.token));
        return { ok: true };
      }
      if (outcome.kind === 'alreadySubmitted') {
        setModal({ kind: 'saveFailed', fields: [] });
        return { ok: false };
      }
      const id = outcome.kind === 'created' ? outcome.id : state.id!;
      const token = outcome.kind === 'created' ? outcome.token : state.token!;
      if (first) {
        clearDraft(draftScope);
        // The release the server stamped it with, which a reload of its pages renders (issue 29).
        if (outcome.kind === 'created') storeRelease(id, token, outcome.release);
        // A prefilled new application (issue 25) is counted as one once it is created.
        if (wasPrefilled(draftScope)) {
          markPrefilled(id);
          unmarkPrefilled(draftScope);
        }
      }
      const next = runtime.nextStep(step, data);
      setModal(null);
      if (next === null && flow.lastStep === 'sent') {
        // Sent to the lenders by the save: 'Olet valmis!', then the offers (spec §4 "Business flow").
        setModal({ kind: 'done', href: paths.offers(product, id, token) });
        return { ok: true };
      }
      if (next === null) {
        // A submitted mortgage takes no more edits: this tab lets go of it, so its links ask the server where it is.
        if (submits) forgetApplication(id);
        else storeApplication({ id, token, data: answers.get(), step, tracked: state.tracked });
        if (wasPrefilled(id)) trackResume('prefill_form_submit', { brand: brand.id, product, application: id });
        navigate(submits ? paths.status(product, id, token) : paths.authentication(product, id, token));
        return { ok: true };
      }
      // This tab's copy first: the step path below opens only with it (else it asks for a code).
      storeApplication({ id, token, data, step: Math.max(state.step, next), tracked: state.tracked });
      setState((current) => current && { ...current, id, token, step: Math.max(current.step, next) });
      // Every step gets its own history entry, so Back comes back to this one; the first
      // save turns the start path into step 1's path rather than leaving it behind.
      if (first) navigate(paths.step(product, step, id, token) + location.search, { replace: true });
      navigate(paths.step(product, next, id, token) + location.search);
      return { ok: true };
    },
    [state, answers, runtime, brand.id, product, flow, landing, draftScope, navigate, location.search],
  );

  const goToOffers = useCallback((href: string) => navigate(href, { replace: true }), [navigate]);

  const services = useMemo(
    () => ({
      lookupPostalCode: lookupTown,
      openInfo: (key: string) => {
        if (isInfoKey(key)) setModal({ kind: 'info', key });
      },
      infoLabel: infoButtonLabel,
    }),
    [],
  );

  // Slots made once: the summary and the fields render again only where answers changed.
  const summaryCount = useCallback((_: FormData, store: AnswersStore) => store.view().summarySections(shown).length, [shown]);
  const summarySections = useAnswers(answers, summaryCount);
  const slots = useMemo(() => consumerSlots(runtime, (key) => setModal({ kind: 'info', key })), [runtime]);
  // Content that does not depend on the answers, made once.
  const hero = useMemo(() => <Hero product={product} />, [product]);
  const aside = useMemo(
    () => (
      <>
        <PromoBox product={product} />
        <SupportLine />
      </>
    ),
    [product],
  );

  if (!state) {
    return (
      <HomeNoticePage brand={brand} homeHref={home} title={pages.resumeUnavailable.title} body={pages.resumeUnavailable.body} action={pages.resumeUnavailable.action} />
    );
  }

  return (
    <PageShell brand={brand} homeHref={home} skipTo="hakemus">
      {hero}
      <div className="page__grid">
        <div className="page__form" id="hakemus" tabIndex={-1}>
          <FormWizard
            handle={wizard}
            runtime={runtime}
            validator={validator}
            answers={answers}
            currentStep={shown}
            onContinue={onContinue}
            messages={renderer}
            services={services}
            slots={slots}
          />
        </div>
        <aside className="page__aside" aria-label={summaryPanel.title}>
          <SummaryCard sections={summarySections}>
            <SummaryPanel runtime={runtime} answers={answers} currentStep={shown} messages={renderer} />
          </SummaryCard>
          {aside}
        </aside>
      </div>
      <AppModal
        texts={flow.saveTexts}
        onDone={goToOffers}
        state={modal}
        onClose={() => setModal(null)}
        afterSaveFailed={() => {
          if (!wizard.current?.focusErrorSummary()) document.querySelector<HTMLElement>('.lv-step--current button[type=submit]')?.focus();
        }}
      />
    </PageShell>
  );
}
