// The application's dialogs (spec §2): saving in progress, save failed with the
// fields to check, and the information dialogs fields link to.
import { useEffect, type ReactNode } from 'react';
import type { FieldError } from '../../../engine/core/index.ts';
import { businessTexts, modals } from '../messages/step.fi.ts';
import { Modal } from './Modal.tsx';

export type ModalState =
  | { kind: 'saving' }
  /** Spec §2 business: 'Olet valmis!', moving on to `href` by itself. */
  | { kind: 'done'; href: string }
  | { kind: 'saveFailed'; fields: Array<FieldError & { label: string }> }
  | { kind: 'info'; key: InfoKey }
  | null;

export type InfoKey = 'pep' | 'loanTypes' | 'businessLoanTypes' | 'incomeHelp';

const INFO_KEYS: readonly string[] = ['pep', 'loanTypes', 'businessLoanTypes', 'incomeHelp'] satisfies InfoKey[];

export const isInfoKey = (key: string): key is InfoKey => INFO_KEYS.includes(key);

export function infoButtonLabel(key: string): string {
  return isInfoKey(key) ? modals[key].button : key;
}

/** The texts of the saving and failure dialogs; a product whose form is sent in one go has its own (spec §2 business). */
export interface SaveTexts {
  loading: { title: string; body: string };
  saveFailed: { title: string; body: string };
}

export const businessModalTexts: SaveTexts = { loading: businessTexts.sending, saveFailed: businessTexts.failed };

/** Spec §2: the business success dialog moves on by itself after this long. */
export const DONE_REDIRECT_MS = 2500;

interface AppModalProps {
  state: ModalState;
  onClose(): void;
  afterSaveFailed(): void;
  texts?: SaveTexts;
  /** Where the done dialog goes (its button, or by itself). */
  onDone?(href: string): void;
}

export function AppModal({ state, onClose, afterSaveFailed, texts = modals, onDone }: AppModalProps): ReactNode {
  if (!state) return null;
  if (state.kind === 'saving') {
    return (
      <Modal key="saving" title={texts.loading.title} tone="progress" returnFocus={() => undefined}>
        <p>{texts.loading.body}</p>
      </Modal>
    );
  }
  if (state.kind === 'done') return <DoneModal href={state.href} onDone={onDone} />;
  if (state.kind === 'saveFailed') {
    return (
      <Modal
        key="saveFailed"
        title={texts.saveFailed.title}
        tone="error"
        onClose={onClose}
        returnFocus={afterSaveFailed}
        footer={
          <button type="button" className="lv-button lv-button--primary" onClick={onClose} data-autofocus>
            {state.fields.length ? modals.saveFailed.action : modals.saveFailed.retry}
          </button>
        }
      >
        <p>{texts.saveFailed.body}</p>
        {state.fields.length > 0 && (
          <>
            <p className="modal__subtitle">{modals.saveFailed.fieldsTitle}</p>
            <ul className="modal__list">
              {state.fields.map((field) => (
                <li key={field.field}>
                  <strong>{field.label}</strong>: {field.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </Modal>
    );
  }
  if (state.key === 'pep') {
    return (
      <Modal key="pep" title={modals.pep.title} onClose={onClose}>
        {modals.pep.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </Modal>
    );
  }
  return (
    <Modal key={state.key} title={modals[state.key].title} onClose={onClose}>
      <dl className="modal__definitions">
        {modals[state.key].items.map(([term, text]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p>{modals[state.key].note}</p>
    </Modal>
  );
}

function DoneModal({ href, onDone = (to) => window.location.assign(to) }: { href: string; onDone?(href: string): void }): ReactNode {
  useEffect(() => {
    const timer = window.setTimeout(() => onDone(href), DONE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [href, onDone]);
  return (
    <Modal
      key="done"
      title={businessTexts.done.title}
      returnFocus={() => undefined}
      footer={
        <button type="button" className="lv-button lv-button--primary" onClick={() => onDone(href)} data-autofocus>
          {businessTexts.done.action}
        </button>
      }
    >
      <p>{businessTexts.done.body}</p>
    </Modal>
  );
}
