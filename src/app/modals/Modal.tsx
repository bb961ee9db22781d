// An accessible dialog on the native <dialog>: showModal() makes the page behind it
// inert (the focus trap), Escape closes it unless it is a progress dialog, it is
// labelled by its heading, and focus returns to where it was.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { modals } from '../messages/step.fi.ts';

export interface ModalProps {
  title: string;
  children: ReactNode;
  /**
   * Absent for a dialog the applicant cannot close (progress). Says how it was closed: a
   * dialog may act on its close icon but not on Escape (the offer dialog, spec §4).
   */
  onClose?: (how: 'icon' | 'escape') => void;
  /** Where focus goes after closing; by default back to where it was. */
  returnFocus?: () => void;
  tone?: 'default' | 'error' | 'progress';
  footer?: ReactNode;
}

export function Modal({ title, children, onClose, returnFocus, tone = 'default', footer }: ModalProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const returnRef = useRef(returnFocus);
  returnRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('button') ?? dialog;
    first.focus();
    const cancel = (event: Event) => {
      event.preventDefault();
      closeRef.current?.('escape');
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      if (returnRef.current) returnRef.current();
      else if (before?.isConnected) before.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal modal--${tone}`} aria-labelledby={titleId} aria-busy={tone === 'progress' || undefined} tabIndex={-1}>
      <div className="modal__header">
        {tone === 'progress' && <span className="spinner" aria-hidden="true" />}
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {onClose && (
          <button type="button" className="modal__close" onClick={() => onClose('icon')} aria-label={modals.close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
      <div className="modal__body">{children}</div>
      {footer && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}
