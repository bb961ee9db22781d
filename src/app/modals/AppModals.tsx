// The application's dialogs (spec §2): saving in progress, save failed with the
// fields to check, and the information dialogs fields link to.
import type { ReactNode } from 'react';
import type { FieldError } from '../../../engine/core/index.ts';
import { modals } from '../messages.fi.ts';
import { Modal } from './Modal.tsx';

export type ModalState =
  | { kind: 'saving' }
  | { kind: 'saveFailed'; fields: Array<FieldError & { label: string }> }
  | { kind: 'info'; key: InfoKey }
  | null;

export type InfoKey = 'pep' | 'loanTypes';

export const isInfoKey = (key: string): key is InfoKey => key === 'pep' || key === 'loanTypes';

export function infoButtonLabel(key: string): string {
  return isInfoKey(key) ? modals[key].button : key;
}

export function AppModal({ state, onClose, afterSaveFailed }: { state: ModalState; onClose(): void; afterSaveFailed(): void }): ReactNode {
  if (!state) return null;
  if (state.kind === 'saving') {
    return (
      <Modal key="saving" title={modals.loading.title} tone="progress" returnFocus={() => undefined}>
        <p>{modals.loading.body}</p>
      </Modal>
    );
  }
  if (state.kind === 'saveFailed') {
    return (
      <Modal
        key="saveFailed"
        title={modals.saveFailed.title}
        tone="error"
        onClose={onClose}
        returnFocus={afterSaveFailed}
        footer={
          <button type="button" className="lv-button lv-button--primary" onClick={onClose} data-autofocus>
            {state.fields.length ? modals.saveFailed.action : modals.saveFailed.retry}
          </button>
        }
      >
        <p>{modals.saveFailed.body}</p>
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
    <Modal key="loanTypes" title={modals.loanTypes.title} onClose={onClose}>
      <dl className="modal__definitions">
        {modals.loanTypes.items.map(([term, text]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p>{modals.loanTypes.note}</p>
    </Modal>
  );
}
