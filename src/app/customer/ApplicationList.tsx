// The customer's earlier applications (spec §2 "Applications list"): a table on a wide
// screen and cards on a phone (CSS shows one of them), each with 'Katso tarjoukset' and
// 'Peru hakemus', or 'Peruttu' (disabled) once cancelled, and a help dialog.
import { useState, type ReactNode } from 'react';
import { customerTexts } from '../messages/customer.fi.ts';
import { Modal } from '../modals/Modal.tsx';
import { formatEuros } from '../offers/format.ts';
import { fill } from '../text.ts';
import type { ApplicationSummary } from './api.ts';

const t = customerTexts.applications;

export const applicationDate = (iso: string) => new Date(iso).toLocaleDateString('fi-FI');
export const typeName = (application: ApplicationSummary) => t.types[application.applicationType] ?? application.applicationType;
const amountOf = (application: ApplicationSummary) => (application.appliedAmount === null ? '–' : formatEuros(application.appliedAmount));

export interface ApplicationActions {
  onShowOffers(application: ApplicationSummary): void;
  onCancel(application: ApplicationSummary): void;
}

export function ApplicationList({ applications, ...actions }: { applications: ApplicationSummary[] } & ApplicationActions): ReactNode {
  const [help, setHelp] = useState(false);
  return (
    <section className="customer-area__previous" aria-labelledby="previous-title">
      <div className="customer-area__section-head">
        <h2 id="previous-title">{t.previous}</h2>
        <button type="button" className="lv-button lv-button--secondary" aria-label={t.help.label} onClick={() => setHelp(true)}>
          {t.help.button}
        </button>
      </div>
      <table className="customer-area__table">
        <caption className="lv-visually-hidden">{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.type}</th>
            <th scope="col">{t.columns.amount}</th>
            <th scope="col">{t.columns.date}</th>
            <th scope="col">{t.columns.offers}</th>
            <th scope="col">{t.columns.action}</th>
          </tr>
        </thead>
        <tbody>
          {applications.map((application) => (
            <tr key={application.applicationId} className="customer-application" data-application-id={application.applicationId}>
              <th scope="row">{typeName(application)}</th>
              <td>{amountOf(application)}</td>
              <td>{applicationDate(application.createdAt)}</td>
              <td>{application.receivedOfferCount}</td>
              <td className="customer-application__actions">
                <Actions application={application} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="customer-area__cards">
        {applications.map((application) => (
          <li key={application.applicationId} className="customer-application" data-application-id={application.applicationId}>
            <h3>{typeName(application)}</h3>
            <dl className="offer-facts">
              <div>
                <dt>{t.columns.amount}</dt>
                <dd>{amountOf(application)}</dd>
              </div>
              <div>
                <dt>{t.columns.date}</dt>
                <dd>{applicationDate(application.createdAt)}</dd>
              </div>
              <div>
                <dt>{t.columns.offers}</dt>
                <dd>{application.receivedOfferCount}</dd>
              </div>
            </dl>
            <p className="customer-application__actions">
              <Actions application={application} {...actions} />
            </p>
          </li>
        ))}
      </ul>
      {help && (
        <Modal title={t.help.title} onClose={() => setHelp(false)}>
          {t.help.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Modal>
      )}
    </section>
  );
}

function Actions({ application, onShowOffers, onCancel }: { application: ApplicationSummary } & ApplicationActions): ReactNode {
  const named = { type: typeName(application), date: applicationDate(application.createdAt) };
  return (
    <>
      <button type="button" className="lv-button lv-button--secondary" aria-label={fill(t.showOffersLabel, named)} onClick={() => onShowOffers(application)}>
        {t.showOffers}
      </button>
      <CancelButton application={application} onCancel={onCancel} />
    </>
  );
}

export function CancelButton({ application, onCancel }: { application: ApplicationSummary; onCancel(application: ApplicationSummary): void }): ReactNode {
  if (application.applicationState === 'CANCELLED') {
    return (
      <button type="button" className="lv-button lv-button--secondary" disabled>
        {t.cancelled}
      </button>
    );
  }
  return (
    <button
      type="button"
      className="lv-button lv-button--secondary"
      aria-label={fill(t.cancelLabel, { date: applicationDate(application.createdAt) })}
      onClick={() => onCancel(application)}
    >
      {t.cancel}
    </button>
  );
}

/** Cancelling cannot be undone: the customer says so once more (not shown in the spec). */
export function ConfirmCancel({ onConfirm, onClose }: { onConfirm(): void; onClose(): void }): ReactNode {
  return (
    <Modal
      title={t.confirm.title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="lv-button lv-button--primary" onClick={onConfirm}>
            {t.confirm.yes}
          </button>
          <button type="button" className="lv-button lv-button--secondary" data-autofocus onClick={onClose}>
            {t.confirm.no}
          </button>
        </>
      }
    >
      <p>{t.confirm.body}</p>
    </Modal>
  );
}
