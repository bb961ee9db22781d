// Opening a saved application in a browser that does not hold it (spec §4): a code is
// sent and the code dialog opens; once the code is verified the saved form is kept in
// this tab (as a reload would find it) and the page moves to the step the link names
// when the saved answers allow it, else to the first step that is not complete
// (`landingStep`), or to step 7 in the prefill flow; a flow that says so (the mortgage)
// shows its whole form. Until then nothing of the application is shown. In the prefill flow a logged-in
// customer opens their own application without a code (issue 17; spec §4 "Resuming"):
// the session check is awaited, the code-less call tried, and only when it refuses does
// the code go out.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FormRuntime } from '../../../engine/core/index.ts';
import { trackResume } from '../analytics.ts';
import { storeApplication, storeRelease } from '../application/storage.ts';
import { useCustomerSession } from '../customer/session.tsx';
import type { Brand } from '../brands.ts';
import { appFlowOf } from '../../flows/app-registry.ts';
import { HomeNoticePage, MessagePage } from '../layout/PageShell.tsx';
import { LoadingPage } from '../pages/LoadingPages.tsx';
import { resume } from '../messages/resume.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { loadPrefill, sendCode, verifyCode, type SendOutcome } from './api.ts';
import { CodeModal, type CodeModalProps } from './CodeModal.tsx';
import { landingStepWhenLoaded, markPrefilled, PREFILL_STEP, savedForm, WHOLE_FORM_STEP } from './saved-form.ts';
import './resume.css';

export type ResumeGateProps = {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
} & (
  | { mode: 'prefill' }
  /** `step`: the step the link names; none for a link with the id and token in the query. */
  | { mode: 'saved'; runtime: FormRuntime; step?: number }
  /**
   * A page past the form (identification, the finishing page, a submitted mortgage) that
   * the server refused for want of this browser's session (issue 25): once the code is
   * verified the browser holds one, and `onVerified` goes on where the person was going.
   * Nothing of the form is kept in this tab.
   */
  | { mode: 'session'; onVerified(): void }
);

export function ResumeGate(props: ResumeGateProps): ReactNode {
  const { brand, product, id, token, mode } = props;
  const navigate = useNavigate();
  const { authenticated } = useCustomerSession();
  // 'loading': the prefill flow waiting for the session check or the code-less call.
  const [phase, setPhase] = useState<'loading' | 'open' | 'closed' | 'notFound'>(mode === 'prefill' ? 'loading' : 'open');
  const [status, setStatus] = useState<CodeModalProps['status']>({ kind: 'sending' });
  const [lock, setLock] = useState<CodeModalProps['resendLock']>({ seconds: 0, since: Date.now() });
  const [checking, setChecking] = useState(false);
  const [codeError, setCodeError] = useState<{ text: string }>();
  const started = useRef(false);
  const home = paths.start(product);
  const details = { brand: brand.id, product, application: id };
  const flowResume = appFlowOf(product)?.resume;
  const wholeForm = flowResume?.wholeForm === true;

  const request = useCallback(
    async (forceNewOtp: boolean) => {
      setStatus({ kind: 'sending' });
      const outcome = await sendCode(product, id, token, forceNewOtp, brand.id);
      if (outcome.kind === 'notFound') setPhase('notFound');
      else setStatus(statusOf(outcome));
      if (outcome.kind === 'sent' && outcome.fresh) setLock({ seconds: outcome.resendAfterSeconds, since: Date.now() });
      // A longer wait is told once, in minutes, by the status line (issue 25 item 11).
      if (outcome.kind === 'locked') setLock({ seconds: outcome.retryAfterSeconds, since: Date.now(), told: outcome.type === 'TOO_MANY_CODES' });
    },
    [id, token, brand.id],
  );

  const askForCode = () => {
    setPhase('open');
    void request(false);
  };

  useEffect(() => {
    // Once per page, also under StrictMode's double effects: the server would keep the
    // code anyway, but the applicant should not see "sending" twice. The prefill flow
    // first waits for the session check: a logged-in customer may need no code at all.
    if (started.current || (mode === 'prefill' && authenticated === null)) return;
    started.current = true;
    trackResume('prefill_show', details);
    if (mode !== 'prefill' || !authenticated) return askForCode();
    void loadPrefill(product, id, token).then((outcome) => (outcome.kind === 'loaded' ? land(outcome.saved) : askForCode()));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page, when the session is known
  }, [authenticated]);

  const submit = async (code: string) => {
    setChecking(true);
    const outcome = await verifyCode(product, id, token, code);
    if (outcome.kind !== 'verified') setChecking(false);
    if (outcome.kind === 'notFound') return setPhase('notFound');
    if (outcome.kind !== 'verified') return setCodeError({ text: verifyError(outcome, flowResume?.invalidCode ?? resume.errors.invalid) });
    // Which step it lands on checks the saved answers of every step: the dialog stays busy
    // until the later steps' validators (asked for when the route opened) are here.
    await land(outcome.saved);
    setChecking(false);
  };

  /** The saved form in this tab and the page moved on: after a verified code, or the code-less load of a logged-in customer. */
  const land = async (answer: Record<string, unknown>) => {
    if (props.mode === 'session') {
      trackResume('prefill_login_success', details);
      return props.onVerified();
    }
    const saved = savedForm(answer);
    // Step 0 (the offers list) is where a finalized application lives; the mortgage opens
    // with its whole form shown (marketplace spec §4 "Prefill": showWholeForm).
    // A saved mortgage shows every step up to the first one not complete, whichever its link names.
    let step: number;
    if (props.mode === 'prefill') step = wholeForm ? WHOLE_FORM_STEP : PREFILL_STEP;
    else if (saved.step === 0) step = 0;
    else step = await landingStepWhenLoaded(props.runtime, saved.data, wholeForm ? undefined : props.step, saved.step);
    trackResume('prefill_login_success', details);
    if (mode === 'prefill') markPrefilled(id);
    // Steps already reached were counted in the browser that filled them.
    const tracked = Array.from({ length: Math.max(step, 1) }, (_, index) => index + 1);
    storeApplication({ id, token, data: saved.data, step: Math.max(step, 1), tracked });
    // The page then renders the application's own release, which its saves are checked with (issue 29).
    storeRelease(id, token, saved.release);
    trackResume('consumer_application_continue', { ...details, step });
    // The mortgage's prefill lands on its start path with the whole form (marketplace spec §4);
    // the path's state names the application this tab now holds (a reload keeps it).
    if (mode === 'prefill' && wholeForm) navigate(paths.start(product), { replace: true, state: { resumed: { id, token } } });
    else navigate(step === 0 ? paths.offers(product, id, token) : paths.step(product, step, id, token), { replace: true });
  };

  if (phase === 'loading') return <LoadingPage brand={brand} product={product} />;

  if (phase === 'notFound') {
    return (
      <HomeNoticePage brand={brand} homeHref={home} title={resume.notFound.title} body={resume.notFound.body} action={resume.closed.startNew} />
    );
  }

  if (phase === 'closed') {
    return (
      <MessagePage brand={brand} homeHref={home} title={resume.closed.title}>
        <p className="message-page__lead">{resume.closed.body}</p>
        <p className="resume-actions">
          <button type="button" className="lv-button lv-button--primary" onClick={() => setPhase('open')}>
            {resume.closed.reopen}
          </button>
          <a className="lv-button lv-button--secondary" href={home}>
            {resume.closed.startNew}
          </a>
        </p>
      </MessagePage>
    );
  }

  return (
    <MessagePage brand={brand} homeHref={home} title={resume.pageTitle}>
      <p className="message-page__lead">{mode === 'session' ? resume.sessionLead : resume.pageLead}</p>
      <CodeModal
        status={status}
        resendLock={lock}
        checking={checking}
        codeError={codeError}
        marketingBanHref={`/u/${encodeURIComponent(id)}/${encodeURIComponent(token)}`}
        onSubmit={(code) => void submit(code)}
        onResend={() => void request(true)}
        onMarketingBan={() => trackResume('prefill_set_marketing_ban', details)}
        onClose={() => setPhase('closed')}
      />
    </MessagePage>
  );
}

function statusOf(outcome: Exclude<SendOutcome, { kind: 'notFound' }>): CodeModalProps['status'] {
  switch (outcome.kind) {
    case 'sent':
      return { kind: 'sent', text: fill(outcome.channel === 'email' ? resume.sentEmail : resume.sentSms, { to: outcome.to }) };
    case 'locked':
      return {
        kind: 'error',
        text:
          outcome.type === 'RESEND_LOCKED'
            ? fill(resume.errors.resendLocked, { seconds: String(outcome.retryAfterSeconds) })
            : fill(resume.errors.tooManyCodes, { minutes: String(Math.ceil(outcome.retryAfterSeconds / 60)) }),
      };
    case 'noContact':
      return { kind: 'error', text: resume.errors.noContact };
    case 'failed':
      return { kind: 'error', text: resume.errors.sendFailed };
  }
}

/** Every refused code leads with §8's sentence; the hint after it says what to do next. */
function verifyError(outcome: { kind: 'invalid'; triesLeft?: number } | { kind: 'expired' | 'locked' | 'failed' }, invalid: string): string {
  switch (outcome.kind) {
    case 'invalid':
      return outcome.triesLeft === undefined ? invalid : `${invalid} ${fill(resume.errors.invalidTriesLeft, { triesLeft: String(outcome.triesLeft) })}`;
    case 'expired':
      return `${invalid} ${resume.errors.expired}`;
    case 'locked':
      return `${invalid} ${resume.errors.locked}`;
    case 'failed':
      return resume.errors.general;
  }
}
