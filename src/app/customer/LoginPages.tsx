// Login (spec §2, §4 "Session", §8): /login/1 asks the identity code and the phone (the
// document forms/login.json), /login/2 the one-time code sent by e-mail (forms/login-code.json,
// `autocomplete="one-time-code"`, paste allowed), then on to where the customer was going;
// /logout ('Kirjaudutaan ulos...') ends the session ('/' too, on its way to the start:
// session.tsx LogoutOnTheWay).
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FormData } from '../../../engine/core/index.ts';
import type { ContinueOutcome } from '../../../engine/react/index.ts';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import type { FormLoader } from '../form-source.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { site } from '../messages/step.fi.ts';
import { customerTexts as t } from '../messages/customer.fi.ts';
import { LoadFailedPage, LoadingPage } from '../pages/LoadingPages.tsx';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { login, verify } from './api.ts';
import { DocumentForm, usePageForm } from './DocumentForm.tsx';
import { afterLogin, CODE_PATH, LOGIN_PATH, rememberAfterLogin, useCustomerSession } from './session.tsx';

type Failure = keyof typeof t.failures;

function FailureNotice({ failure, minutes }: { failure: Failure | null; minutes: number }): ReactNode {
  if (!failure) return null;
  return (
    <div className="notice-box" role="alert">
      <p>{fill(t.failures[failure], { minutes: String(minutes) })}</p>
      <p>{fill(t.hint, { phone: site.support.phone })}</p>
    </div>
  );
}

export function LoginPage({ brand, load, step }: { brand: Brand; load: FormLoader; step: 1 | 2 }): ReactNode {
  const form = usePageForm(load, step === 1 ? 'login' : 'login-code');
  const navigate = useNavigate();
  const location = useLocation();
  const { setAuthenticated } = useCustomerSession();
  const [failure, setFailure] = useState<Failure | null>(((location.state as { failure?: Failure } | null)?.failure) ?? null);
  /** How long a 429 asks to wait, in whole minutes. */
  const [waitMinutes, setWaitMinutes] = useState(1);
  const home = paths.start(defaultProduct);

  useEffect(() => {
    document.title = `${step === 1 ? t.loginTitle : t.codeTitle} | ${brand.name}`;
  }, [step, brand.name]);

  const submitLogin = useCallback(async (data: FormData): Promise<ContinueOutcome> => {
    const outcome = await login(String(data.loginSsn ?? ''), String(data.loginPhone ?? ''));
    if (outcome.kind === 'invalid') return { ok: false, errors: outcome.errors };
    if (outcome.kind === 'sent') {
      setFailure(null);
      navigate(CODE_PATH);
      return { ok: true };
    }
    // Network or parse errors are only logged (§8); a refusal says the identity code and the
    // phone do not belong together; a 429 says to wait, not to check the phone.
    if (outcome.kind === 'refused') setFailure('login');
    if (outcome.kind === 'limited') {
      setWaitMinutes(Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60)));
      setFailure('limited');
    }
    return { ok: false };
  }, [navigate]);

  const submitCode = useCallback(async (data: FormData): Promise<ContinueOutcome> => {
    const outcome = await verify(String(data.otp ?? ''));
    if (outcome === null) return { ok: false };
    if (outcome === 'success') {
      setAuthenticated(true);
      const target = afterLogin();
      rememberAfterLogin(null);
      navigate(target, { replace: true });
      return { ok: true };
    }
    if (outcome === 'error') {
      setFailure('code');
      return { ok: false };
    }
    // No login under way any more (expired, used up): back to the start, saying so (§4 otpFailed).
    navigate(LOGIN_PATH, { replace: true, state: { failure: 'other' } });
    return { ok: false };
  }, [navigate, setAuthenticated]);

  if (form === null) return <LoadingPage brand={brand} />;
  if (form === 'failed') return <LoadFailedPage brand={brand} />;
  return (
    <MessagePage brand={brand} homeHref={home} title={step === 1 ? t.loginTitle : t.codeTitle}>
      {step === 1 && <p className="message-page__lead">{t.loginLead}</p>}
      <FailureNotice failure={failure} minutes={waitMinutes} />
      <DocumentForm key={step} runtime={form.runtime} onSubmit={step === 1 ? submitLogin : submitCode} />
      {step === 2 && (
        <p>
          <a href={LOGIN_PATH}>{t.newCode}</a>
        </p>
      )}
    </MessagePage>
  );
}

/** /logout (spec §2): ends the session, says so, then the first login step. */
export function LogoutPage({ brand }: { brand: Brand }): ReactNode {
  const { logout } = useCustomerSession();
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void logout().then(() => current && navigate(LOGIN_PATH, { replace: true }));
    return () => {
      current = false;
    };
  }, [logout, navigate]);
  return (
    <MessagePage brand={brand} homeHref={paths.start(defaultProduct)} title={t.loggingOut}>
      <p role="status">{t.loggingOut}</p>
    </MessagePage>
  );
}
