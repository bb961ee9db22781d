// The one-time code dialog (spec §2 'Kirjaudu esitäytettyyn hakemukseen'): the code,
// 'Siirry hakemukseen', a resend link locked for 7 s after each use, and the link to
// the marketing ban. Escape closes it; the page behind then explains what happened.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { resume } from '../messages/resume.fi.ts';
import { Modal } from '../modals/Modal.tsx';
import { fill } from '../text.ts';

export interface CodeModalProps {
  /** What the page knows about the code sent: a line for the applicant, or an error. */
  status: { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'error'; text: string };
  /**
   * Seconds the resend link stays disabled, counted from when this value last changed.
   * `told`: the status line already says how long (a longer wait, in minutes), so no
   * countdown in seconds beside the link says it a second time.
   */
  resendLock: { seconds: number; since: number; told?: boolean };
  checking: boolean;
  /** The answer to the last try, shown at the field. */
  codeError?: { text: string };
  marketingBanHref: string;
  onSubmit(code: string): void;
  onResend(): void;
  onMarketingBan(): void;
  onClose(): void;
}

export function CodeModal(props: CodeModalProps): ReactNode {
  const { status, checking, codeError, resendLock } = props;
  const [code, setCode] = useState('');
  const [required, setRequired] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const waitId = useId();
  const remaining = useCountdown(resendLock);
  const locked = remaining > 0;
  const error = required ? resume.errors.required : codeError?.text;

  // A refused code is cleared and the field takes the focus again, ready for the next try.
  useEffect(() => {
    if (!codeError) return;
    setCode('');
    input.current?.focus();
  }, [codeError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!digits) {
      setRequired(true);
      input.current?.focus();
      return;
    }
    setRequired(false);
    props.onSubmit(digits);
  };

  return (
    <Modal title={resume.modalTitle} onClose={props.onClose}>
      <p role="status" className={status.kind === 'error' ? 'lv-error-message' : undefined}>
        {status.kind === 'sending' ? resume.sending : status.text}
      </p>
      <form noValidate onSubmit={submit} className="resume-form">
        <div className={`lv-field${error ? ' lv-field--invalid' : ''}`}>
          <label className="lv-label" htmlFor={inputId}>
            {resume.codeLabel}
          </label>
          <p className="lv-hint" id={hintId}>
            {resume.codeHint}
          </p>
          {error && (
            <p className="lv-error-message" id={errorId} role="alert">
              {error}
            </p>
          )}
          <input
            ref={input}
            id={inputId}
            className="lv-input resume-form__code"
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            data-autofocus
          />
        </div>
        <p className="resume-form__actions">
          <button type="submit" className="lv-button lv-button--primary" disabled={checking} aria-busy={checking || undefined}>
            {checking ? resume.checking : resume.submit}
          </button>
        </p>
      </form>
      <p>
        {/* Locked, it stays in the tab order, announced as unavailable with the wait as
            its description, and a click does nothing (aria-disabled does not stop one). */}
        <button
          type="button"
          className="lv-link-button resume-form__resend"
          aria-disabled={locked || undefined}
          aria-describedby={locked && !resendLock.told ? waitId : undefined}
          onClick={() => {
            if (!locked) props.onResend();
          }}
        >
          {resume.resend}
        </button>
        <span id={waitId} className="lv-hint resume-form__wait" aria-live="polite">
          {waitText(locked, remaining, resendLock)}
        </span>
      </p>
      <p>
        {/* A client-side move, so the analytics event is not lost with the page. */}
        <Link to={props.marketingBanHref} onClick={props.onMarketingBan}>
          {resume.marketingBan}
        </Link>
      </p>
    </Modal>
  );
}

/** The countdown of a short lock; after a wait the status line told, that it is over. */
function waitText(locked: boolean, remaining: number, lock: CodeModalProps['resendLock']): string {
  if (locked) return lock.told ? '' : fill(resume.resendWait, { seconds: String(remaining) });
  return lock.told ? resume.resendReady : '';
}

/** Whole seconds left of the lock, ticking down to 0. */
function useCountdown(lock: { seconds: number; since: number }): number {
  const left = () => Math.max(0, Math.ceil((lock.since + lock.seconds * 1000 - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    const timer = setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now <= 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `lock`
  }, [lock]);
  return remaining;
}
