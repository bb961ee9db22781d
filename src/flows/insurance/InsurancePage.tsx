// /maksuturva (issue 27; marketplace spec §2 "Insurance page", §4 "Insurance", §9): the
// payment-protection insurance of a logged-in customer. GET /api/insuranceApplication
// decides the view (page-logic.ts): a customer the service knows cannot be insured is told
// so and led to a new loan application; without an application (or while editing one not
// signed) the landing view (who may apply, the support hours) and the form of
// forms/insurance.json, the fee under the tier slider priced at once from the document's
// table; with one, what was applied for, its status, the insurer's answer and the bank
// buttons to sign it, the signature status asked every 4 s (§9) until it is signed.
// The words of the insurance are the document's; the page's are src/app/messages/customer.fi.ts's.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CRITERIA } from '../../../engine/core/insurance-eligibility.ts';
import { parseLinks } from '../../../engine/core/links.ts';
import type { FormData, FormRuntime } from '../../../engine/core/index.ts';
import type { ContinueOutcome, RendererServices, RendererSlots } from '../../../engine/react/index.ts';
import type { ServicePageProps } from '../app-flow.ts';
import { lookupTown } from '../../app/api.ts';
import { clearDraft, loadDraft, storeDraftSoon } from '../../app/application/storage.ts';
import type { Brand } from '../../app/brands.ts';
import { defaultProduct } from '../../app/catalogue.ts';
import { DocumentForm, usePageForm } from '../../app/customer/DocumentForm.tsx';
import { useCustomerSession } from '../../app/customer/session.tsx';
import { fetchMethods, type Method } from '../../app/identification/api.ts';
import { LeaveFrame } from '../../app/identification/LeaveFrame.tsx';
import { MethodList } from '../../app/identification/MethodList.tsx';
import '../../app/identification/identification.css';
import { isEmbedded } from '../../app/layout/embedding.ts';
import { PageShell } from '../../app/layout/PageShell.tsx';
import { customerTexts } from '../../app/messages/customer.fi.ts';
import { identification } from '../../app/messages/identification.fi.ts';
import { formatCents, formatEuros } from '../../app/offers/format.ts';
import { LoadFailedPage } from '../../app/pages/LoadingPages.tsx';
import { paths } from '../../app/routes.ts';
import { fill } from '../../app/text.ts';
import { decisionText } from './decision.ts';
import { fetchInsurance, fetchSignatureStatus, fetchSigningUrl, saveInsurance, type InsuranceAnswer, type InsuranceApplication } from './page-api.ts';
import {
  canEdit,
  criterionTexts,
  CRITERION_TEXT,
  draftScope,
  dueDateTitle,
  formDataOf,
  insuranceView,
  monthlyPremium,
  restoredDraft,
  signingOutcomeOf,
  statusText,
  type InsuranceView,
  type SigningOutcome,
} from './page-logic.ts';
import './insurance.css';

const t = customerTexts.insurance;
/** Spec §9: the signature status is asked every 4 s. */
export const SIGNATURE_POLL_MS = 4000;
/** After signing, the insurer's answer is asked as often, for about two minutes. */
const ANSWER_POLLS = 30;

/** Made once: a new services object would render every field again. */
const services: RendererServices = { lookupPostalCode: lookupTown };

type Read = InsuranceAnswer | 'loading' | 'failed';

export function InsurancePage({ brand, service, load }: ServicePageProps): ReactNode {
  const form = usePageForm(load, service.document);
  const { setAuthenticated } = useCustomerSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Read>('loading');
  const [editing, setEditing] = useState(false);
  // Read once: the address loses the query at once, so a reload does not say it again.
  const [outcome] = useState<SigningOutcome | null>(() => signingOutcomeOf(location.search));
  const firstRead = useRef(true);

  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
  }, [brand.name]);

  useEffect(() => {
    if (outcome) navigate(location.pathname, { replace: true });
    // Only on arrival from the bank.
  }, []);

  const refresh = useCallback(async () => {
    const read = await fetchInsurance();
    if (read.kind === 'signedOut') {
      setAuthenticated(false);
      return;
    }
    if (read.kind === 'failed') {
      // A poll's failure keeps what is shown; only the first read says so.
      setAnswer((current) => (current === 'loading' ? 'failed' : current));
      return;
    }
    // An edit left half-way in this tab opens again where it was (its draft is kept).
    if (firstRead.current && canEdit(read.answer) && loadDraft(draftScope(brand.id, read.answer.insuranceApplication))) setEditing(true);
    firstRead.current = false;
    setAnswer(read.answer);
  }, [brand.id, setAuthenticated]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const view: InsuranceView | null = typeof answer === 'object' ? insuranceView(answer, editing) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef<string | null>(null);
  const viewKey = view && `${view}:${editing}`;
  // A new view is announced by moving to its heading; the first one is where the page starts anyway.
  useEffect(() => {
    if (!viewKey) return;
    if (shownView.current !== null && shownView.current !== viewKey) headingRef.current?.focus();
    shownView.current = viewKey;
  }, [viewKey]);

  const home = paths.start(defaultProduct);
  if (form === 'failed') return <LoadFailedPage brand={brand} />;
  if (form === null || answer === 'loading' || answer === 'failed') {
    return (
      <Shell brand={brand} home={home} title={t.title}>
        {answer === 'failed' ? (
          <p className="notice-box" role="alert">
            {customerTexts.fetchFailed}
          </p>
        ) : (
          <p role="status">{customerTexts.checking}</p>
        )}
      </Shell>
    );
  }

  const runtime = form.runtime;
  const texts = runtime.document.texts;
  const application = answer.insuranceApplication;
  const saved = (next: InsuranceApplication) => {
    setAnswer((current) => (typeof current === 'object' ? { ...current, hasInsuranceApplication: true, insuranceApplication: next } : current));
    setEditing(false);
    // Spec §4: "then reloads" (the insurer's answer, the eligibility as the server now sees it).
    void refresh();
  };
  const cancelEdit = () => {
    clearDraft(draftScope(brand.id, application));
    setEditing(false);
  };

  const title = view === 'confirmation' ? t.confirmationTitle : view === 'form' && application ? t.editTitle : t.title;
  return (
    <Shell brand={brand} home={home} title={title} headingRef={headingRef}>
      {outcome && <OutcomeNotice outcome={outcome} />}
      {view === 'notEligible' && <NotEligible texts={texts} reasons={answer.eligibility.reasons} />}
      {view === 'form' && (
        <>
          {!application && <Landing texts={texts} />}
          <InsuranceForm key={application?.insuranceApplicationId ?? 'new'} runtime={runtime} brand={brand} answer={answer} application={application} onSaved={saved} onRefused={() => void refresh()} />
          {application && (
            <p>
              <button type="button" className="lv-button lv-button--secondary" onClick={cancelEdit}>
                {t.cancelEdit}
              </button>
            </p>
          )}
        </>
      )}
      {view === 'confirmation' && application && (
        <Confirmation runtime={runtime} answer={answer} application={application} onEdit={canEdit(answer) ? () => setEditing(true) : undefined} refresh={refresh} />
      )}
    </Shell>
  );
}

function Shell({ brand, home, title, headingRef, children }: { brand: Brand; home: string; title: string; headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }): ReactNode {
  return (
    <PageShell brand={brand} homeHref={home}>
      <div className="message-page insurance-page">
        <h1 ref={headingRef} tabIndex={-1} className="message-page__title insurance-page__title">
          {title}
        </h1>
        {children}
      </div>
    </PageShell>
  );
}

function OutcomeNotice({ outcome }: { outcome: SigningOutcome }): ReactNode {
  return outcome === 'signed' ? (
    <p className="notice-box notice-box--success" role="status">
      {t.outcomes.signed}
    </p>
  ) : (
    <p className="notice-box" role="alert">
      {t.outcomes[outcome]}
    </p>
  );
}

/** A document text's `[text](/path)` links as the router's links (the page stays the app). */
function RouterLinkedText({ text }: { text: string }): ReactNode {
  return parseLinks(text).map((part, i) =>
    'href' in part ? (
      part.href.startsWith('/') ? (
        <Link key={i} to={part.href} className="lv-link">
          {part.text}
        </Link>
      ) : (
        <a key={i} href={part.href} className="lv-link">
          {part.text}
        </a>
      )
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

function NotEligible({ texts, reasons }: { texts: Record<string, string> | undefined; reasons: readonly string[] }): ReactNode {
  const worded = criterionTexts(texts, reasons);
  return (
    <>
      <p className="notice-box">
        <RouterLinkedText text={texts?.notEligible ?? ''} />
      </p>
      {worded.length > 0 && (
        <>
          <p>{t.reasonsLead}</p>
          <ul className="insurance-page__reasons">
            {worded.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function Landing({ texts }: { texts: Record<string, string> | undefined }): ReactNode {
  return (
    <>
      {texts?.intro && <p className="message-page__lead">{texts.intro}</p>}
      <section aria-labelledby="insurance-eligibility-title">
        <h2 id="insurance-eligibility-title" className="insurance-page__subtitle">
          {texts?.eligibilityTitle}
        </h2>
        <ul className="insurance-page__criteria">
          {CRITERIA.map((criterion) => texts?.[CRITERION_TEXT[criterion]]).filter(Boolean).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </section>
      {texts?.supportHours && <p>{texts.supportHours}</p>}
    </>
  );
}

/** The fee of the tier on the slider, as the wizard's slot under it shows it. */
const PriceContext = createContext<{ label: string; price: number | null }>({ label: '', price: null });

function TierPrice(): ReactNode {
  const { label, price } = useContext(PriceContext);
  return (
    <p className="insurance-price" role="status" data-testid="insurance-price">
      {label}: <strong>{price === null ? t.monthlyPaymentUnknown : fill(t.perMonth, { amount: formatCents(price) })}</strong>
    </p>
  );
}

const slots: RendererSlots = {
  afterField: (field) => (field === 'paymentTier' ? <TierPrice /> : null),
};

interface FormProps {
  runtime: FormRuntime;
  brand: Brand;
  answer: InsuranceAnswer;
  application: InsuranceApplication | null;
  onSaved(application: InsuranceApplication): void;
  /** Signed meanwhile or refused as a whole: the page reads the application again. */
  onRefused(): void;
}

function InsuranceForm({ runtime, brand, answer, application, onSaved, onRefused }: FormProps): ReactNode {
  const doc = runtime.document;
  const scope = draftScope(brand.id, application);
  const { setAuthenticated } = useCustomerSession();
  const [initial] = useState<FormData>(() => restoredDraft(loadDraft(scope)?.data, answer) ?? formDataOf(doc, answer, application));
  const [tier, setTier] = useState<unknown>(initial.paymentTier ?? doc.schema.properties.paymentTier?.default);
  const [failure, setFailure] = useState<string | null>(null);
  const price = useMemo(() => ({ label: doc.labels.monthlyPayment ?? '', price: monthlyPremium(doc, tier, answer.age) }), [doc, tier, answer.age]);

  const changed = useCallback(
    (data: FormData) => {
      setTier(data.paymentTier);
      storeDraftSoon(scope, { data, tracked: [] });
    },
    [scope],
  );

  const submit = useCallback(
    async (data: FormData): Promise<ContinueOutcome> => {
      setFailure(null);
      const outcome = await saveInsurance(application, data, brand.id);
      switch (outcome.kind) {
        case 'saved':
          clearDraft(scope);
          onSaved(outcome.application);
          return { ok: true };
        case 'invalid':
          return { ok: false, errors: outcome.errors };
        case 'signedOut':
          setAuthenticated(false);
          return { ok: false };
        case 'signed':
          clearDraft(scope);
          onRefused();
          return { ok: false };
        case 'refused':
          setFailure(outcome.message ?? t.saveFailed);
          return { ok: false };
        default:
          setFailure(t.saveFailed);
          return { ok: false };
      }
    },
    [application, brand.id, scope, onSaved, onRefused, setAuthenticated],
  );

  return (
    <PriceContext.Provider value={price}>
      <DocumentForm runtime={runtime} initial={initial} onSubmit={submit} onChange={changed} services={services} slots={slots} />
      {failure && (
        <p className="notice-box" role="alert">
          {failure}
        </p>
      )}
    </PriceContext.Provider>
  );
}

interface ConfirmationProps {
  runtime: FormRuntime;
  answer: InsuranceAnswer;
  application: InsuranceApplication;
  /** Absent when the application can no longer be changed. */
  onEdit?: () => void;
  refresh(): Promise<void>;
}

function Confirmation({ runtime, answer, application, onEdit, refresh }: ConfirmationProps): ReactNode {
  const doc = runtime.document;
  const labels = doc.labels;
  const signed = application.applicationStatus === 'SIGNED';
  const id = application.insuranceApplicationId;
  const waitingForAnswer = signed && application.insurerAnswer === null;

  // Spec §4, §9: asks the signature status every 4 s; 'true' reads the application again.
  useEffect(() => {
    if (signed) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      const answered = await fetchSignatureStatus(id);
      if (stopped) return;
      if (answered === true) await refresh();
      if (!stopped) timer = setTimeout(() => void tick(), SIGNATURE_POLL_MS);
    };
    timer = setTimeout(() => void tick(), SIGNATURE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, signed, refresh]);

  // Signed: the insurer answers within minutes (the dispatch); asked as often, for a while.
  useEffect(() => {
    if (!waitingForAnswer) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > ANSWER_POLLS) clearInterval(timer);
      else void refresh();
    }, SIGNATURE_POLL_MS);
    return () => clearInterval(timer);
  }, [waitingForAnswer, refresh]);

  const name = `${application.firstName} ${application.lastName}`.trim();
  const rows: Array<[string, string]> = [
    [labels.paymentTier, formatEuros(application.paymentTier)],
    [labels.monthlyPayment, fill(t.perMonth, { amount: formatCents(application.monthlyPayment) })],
    [labels.appliedDueDate, dueDateTitle(doc, application.appliedDueDate)],
    [t.name, name],
    [t.address, `${application.address}, ${application.zip} ${application.city}`],
    [labels.phone, application.phone],
    [labels.email, application.email],
  ];
  return (
    <>
      <p className="insurance-page__status" role="status" data-testid="insurance-status">
        {t.statusLabel} <strong>{statusText(doc.texts, application.applicationStatus)}</strong>
      </p>
      <table className="insurance-page__table">
        <caption>{t.tableCaption}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {onEdit && (
        <p>
          <button type="button" className="lv-button lv-button--secondary" onClick={onEdit}>
            {t.edit}
          </button>
        </p>
      )}
      {signed ? (
        <section aria-labelledby="insurance-insurer-title">
          <h2 id="insurance-insurer-title" className="insurance-page__subtitle">
            {t.insurerTitle}
          </h2>
          <p>{t.signedNote}</p>
          <p role="status" data-testid="insurer-answer">
            {application.insurerAnswer ? decisionText(application.insurerAnswer) : t.insurerWaiting}
          </p>
        </section>
      ) : (
        <SigningMethods insuranceApplicationId={id} />
      )}
      {answer.eligibility.status === 'notEligible' && !signed && (
        <p className="notice-box">
          <RouterLinkedText text={doc.texts?.notEligible ?? ''} />
        </p>
      )}
    </>
  );
}

/**
 * The banks (the identification's methods): the chosen one's address, then the whole window goes
 * to sign there. In a partner's frame the page first hands its session to the top window
 * (LeaveFrame), which opens this page of the service, where the bank is chosen.
 */
export function SigningMethods({ insuranceApplicationId }: { insuranceApplicationId: number }): ReactNode {
  const [embedded] = useState(isEmbedded);
  const [methods, setMethods] = useState<Method[] | null | 'loading'>('loading');
  const [leaving, setLeaving] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchMethods().then((found) => {
      if (!current) return;
      if (found === null) console.error('signing methods fetch failed');
      setMethods(found);
    });
    return () => {
      current = false;
    };
  }, []);

  const choose = async (method: Method) => {
    setFailed(false);
    setLeaving(method.identifier);
    const url = await fetchSigningUrl(insuranceApplicationId, method.identifier);
    if (url === null) {
      setLeaving(null);
      setFailed(true);
      return;
    }
    leaveFor(url);
  };

  return (
    <section aria-labelledby="insurance-sign-title">
      <h2 id="insurance-sign-title" className="insurance-page__subtitle">
        {t.signTitle}
      </h2>
      <p>{t.signLead}</p>
      {embedded && <LeaveFrame texts={identification.frameSigning} />}
      {!embedded && <MethodList methods={methods} texts={t} disabled={leaving !== null} onChoose={(method) => void choose(method)} />}
      <p role="status">{leaving ? t.redirecting : ''}</p>
      {failed && (
        <p className="notice-box" role="alert">
          {t.redirectFailed}
        </p>
      )}
    </section>
  );
}

/** The top window goes (the page may be framed by a partner's site): the bank will not be framed. */
function leaveFor(url: string): void {
  try {
    (window.top ?? window).location.href = url;
  } catch {
    window.location.assign(url);
  }
}
