// The consumer offers list as the offers page (step 0) and the customer area show it
// (spec §2, §4): the sort menu, the lenders' progress, the offers in the order the sort
// menu names, as a chart of what each costs, a table (desktop) and cards (phone), the
// smaller offers and the brand's 10 % filter behind their buttons, what to do when no
// lender made an offer, and the accept dialog, which opens the lender's page in a window
// opened inside the click. The page around it owns the polling and says whose offers these are.
import { useCallback, useId, useState, type ReactNode } from 'react';
import { offersTexts as t } from '../messages/offers.fi.ts';
import { Modal } from '../modals/Modal.tsx';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import type { OffersPage as Page } from './api.ts';
import { formatCents, formatEuros, formatPercent, formatTenor } from './format.ts';
import { NoOffersAdvice } from './NoOffersAdvice.tsx';
import { Lender, OfferFacts } from './OfferParts.tsx';
import { OffersChart } from './OffersChart.tsx';
import {
  cheapestBadgeId,
  isFinal,
  lenderProgress,
  listState,
  parseSortValue,
  SORT_KEYS,
  sortOffers,
  sortValue,
  visibleOffers,
  type LenderProgress,
  type ListState,
  type ListedOffer,
  type SortChoice,
} from './rules.ts';
import './offers.css';

/** The second brand's partner (the sponsored banner): the server's demo page of it. */
const SPONSORED_PARTNER_PAGE = '/kumppani/vaihtoehtorahoitus';

const SORT_VALUES = SORT_KEYS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => sortValue({ field, direction })));

export interface OffersListProps {
  page: Page | null;
  polls: number;
  failed: boolean;
  sort: SortChoice;
  onSort(sort: SortChoice): void;
  /** The brand hides offers above 10 % interest behind a button (spec §4). */
  interestFilter: boolean;
  /** The lender page's address for the accepted offer. */
  accept(offerId: number): Promise<string>;
  /** The list's title ('Lainatarjoukset: N kpl') is the page's h1 or, inside a page, an h2; the cards' headings one below. */
  titleLevel?: 1 | 2;
  /** Where a new application starts (the advice under an empty result). */
  newApplicationHref?: string;
}

/** The page's title: the count once offers are listed, the verdict once there is one, else that the page is waiting. */
function titleOf(state: ListState, shown: number): string {
  if (shown > 0 || state === 'filtered') return fill(t.headingCount, { count: String(shown) });
  return state === 'none' ? t.none : t.headingWaiting;
}

type ModalState = { kind: 'accept'; offer: ListedOffer } | { kind: 'info' } | null;

export function OffersList({ page, polls, failed, sort, onSort, interestFilter, accept, titleLevel = 1, newApplicationHref = paths.start('kulutusluotto') }: OffersListProps): ReactNode {
  const [showDownsell, setShowDownsell] = useState(false);
  const [showAboveFilter, setShowAboveFilter] = useState(false);
  const [modal, setModal] = useState<ModalState>(null);
  const [acceptFailed, setAcceptFailed] = useState(false);
  const sponsoredId = useId();
  const visible = visibleOffers({ offers: page?.content ?? [], polls, interestFilter, showDownsell, showAboveFilter });
  const state = listState(visible.shown.length, polls, visible.allFilteredByInterest);
  // The order a person sees follows the sort menu's label (issue 25, docs/decisions.md).
  const listed = sortOffers(visible.shown, sort);
  const badgeId = cheapestBadgeId(listed);
  const progress = lenderProgress(page);
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const headingLevel: 2 | 3 = titleLevel === 1 ? 2 : 3;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = titleOf(state, listed.length);
  const final = isFinal(page);

  const send = useCallback(
    (offer: ListedOffer, target: Window | null, navigate: boolean) => {
      accept(offer.id).then(
        (url) => {
          if (target) target.location.href = url;
          // A blocked popup: the lender page opens here instead.
          else if (navigate) window.location.assign(url);
        },
        (error: unknown) => {
          // Spec §8: an accept failure is logged only.
          console.error('accepting the offer failed', error);
          setAcceptFailed(true);
          target?.close();
        },
      );
    },
    [accept],
  );

  const onChoose = (offer: ListedOffer) => {
    // Opened now, inside the click, so no popup blocker stops it; sent on when the url comes.
    const target = window.open('', '_blank');
    if (target) target.opener = null;
    send(offer, target, true);
    // The lender window is open (or this tab is about to go there): the dialog has done its part.
    setModal(null);
  };

  const listProps = { offers: listed, badgeId, onOpen: (offer: ListedOffer) => setModal({ kind: 'accept', offer }), headingLevel };
  return (
    <div className="offers" data-polls={polls} data-fetch-failed={failed || undefined} data-accept-failed={acceptFailed || undefined}>
      <Title className="offers__title">{title}</Title>
      <p className="offers__lead">{t.free}</p>
      <div className="offers__controls">
        {/* Nothing listed, nothing to sort (issue 25). */}
        {listed.length > 0 && (
          <label className="offers__sort">
            <span>{t.sortLabel}</span>
            <select value={sortValue(sort)} onChange={(event) => onSort(parseSortValue(event.target.value))}>
              {SORT_VALUES.map((value) => (
                <option key={value} value={value}>
                  {t.sortOptions[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" className="lv-button lv-button--secondary offers__info" onClick={() => setModal({ kind: 'info' })}>
          {t.infoButton}
        </button>
      </div>

      <div role="status" className="offers__status">
        {state === 'waiting' && <p>{t.waiting}</p>}
        {state === 'waiting' && <Progress progress={progress} />}
        {state === 'none' && final && <p>{t.noneDetail}</p>}
        {state === 'filtered' && <p>{t.allFiltered}</p>}
        {state !== 'waiting' && page && page.pendingLenders > 0 && (
          <>
            <p className="offers__pending">{fill(t.pending, { count: String(page.pendingLenders) })}</p>
            {progress && <ProgressBar progress={progress} />}
          </>
        )}
      </div>

      {/* The business credit is promoted as the list's first row: only when offers are listed. */}
      {listed.length > 0 && <OffersChart offers={listed} headingLevel={headingLevel} />}
      {listed.length > 0 && <OffersTable {...listProps} />}
      {listed.length > 0 && <OfferCards {...listProps} />}

      {visible.hiddenDownsell > 0 && (
        <p>
          <button type="button" className="lv-button lv-button--secondary" onClick={() => setShowDownsell(true)}>
            {t.showSmaller}
          </button>
        </p>
      )}
      {visible.hiddenByInterest > 0 && (
        <div className="offers__filtered">
          {!visible.allFilteredByInterest && <p>{fill(t.hiddenByInterest, { count: String(visible.hiddenByInterest) })}</p>}
          <button type="button" className="lv-button lv-button--secondary" onClick={() => setShowAboveFilter(true)}>
            {t.showMore}
          </button>
        </div>
      )}

      {interestFilter && (state === 'none' || state === 'filtered') && (
        <aside className="offers__sponsored" aria-labelledby={sponsoredId}>
          <p className="offers__ad-label">{t.sponsored.label}</p>
          <Heading id={sponsoredId}>{t.sponsored.title}</Heading>
          <p>{t.sponsored.body}</p>
          <p>
            <a href={SPONSORED_PARTNER_PAGE}>{t.sponsored.link}</a>
          </p>
        </aside>
      )}
      {state === 'none' && final && <NoOffersAdvice newApplicationHref={newApplicationHref} coApplicant headingLevel={headingLevel} />}

      {modal?.kind === 'info' && (
        <Modal title={t.info.title} onClose={() => setModal(null)}>
          {t.info.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Modal>
      )}
      {modal?.kind === 'accept' && (
        <Modal
          key={modal.offer.id}
          title={fill(t.accept.title, { lender: modal.offer.partnerName })}
          // Spec §4: closing the dialog by its close icon fires the same accept call; Escape
          // only closes it.
          onClose={(how) => {
            if (how === 'icon') send(modal.offer, null, false);
            setModal(null);
          }}
          footer={
            <button type="button" className="lv-button lv-button--primary" data-autofocus onClick={() => onChoose(modal.offer)}>
              {modal.offer.buttonText}
            </button>
          }
        >
          <p>{t.accept.intro}</p>
          <OfferFacts offer={modal.offer} />
          {modal.offer.lenderInfo && <p>{modal.offer.lenderInfo}</p>}
        </Modal>
      )}
    </div>
  );
}

interface ListProps {
  offers: ListedOffer[];
  badgeId: number | undefined;
  onOpen(offer: ListedOffer): void;
  headingLevel: 2 | 3;
}

/** The lenders that have answered, in words and as a bar; before the first answer, that the application is on its way. */
function Progress({ progress }: { progress: LenderProgress | undefined }): ReactNode {
  if (!progress) return <p className="offers__progress">{t.progressStarting}</p>;
  return (
    <>
      <p className="offers__progress">{fill(t.progress, { answered: String(progress.answered), total: String(progress.total) })}</p>
      <ProgressBar progress={progress} />
    </>
  );
}

/** The bar repeats the words next to it, so assistive technology reads only the words. */
function ProgressBar({ progress }: { progress: LenderProgress }): ReactNode {
  return <progress className="offers__progress-bar" max={progress.total} value={progress.answered} aria-hidden="true" />;
}

function OffersTable({ offers, badgeId, onOpen }: ListProps): ReactNode {
  return (
    <table className="offers__table">
      <caption className="lv-visually-hidden">{t.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.columns.lender}</th>
          <th scope="col">{t.columns.amount}</th>
          <th scope="col">{t.columns.tenor}</th>
          <th scope="col">{t.columns.interest}</th>
          <th scope="col">{t.columns.apr}</th>
          <th scope="col">{t.columns.monthlyPayment}</th>
          <th scope="col">{t.columns.totalAmount}</th>
          <th scope="col">{t.columns.action}</th>
        </tr>
      </thead>
      {/* Spec §2: the continuous business credit is promoted as a row, marked as an advertisement. */}
      <tbody className="offers__promoted">
        <tr>
          <th scope="row">
            <span className="offers__ad-label">{t.business.label}</span> {t.business.title}
          </th>
          <td colSpan={7}>
            {t.business.body}{' '}
            <a className="offers__business-link" href={paths.start('yritysluotto')}>
              {t.business.link}
            </a>
          </td>
        </tr>
      </tbody>
      <tbody>
        {offers.map((offer) => (
          <tr key={offer.id} className={offer.id === badgeId ? 'offers__row offers__row--best' : 'offers__row'} data-offer-id={offer.id}>
            <th scope="row">
              <Lender offer={offer} />
              {offer.id === badgeId && <span className="offers__badge">{t.badge}</span>}
              {offer.downsell && <span className="offers__downsell">{t.downsellNote}</span>}
            </th>
            <td>{formatEuros(offer.amount)}</td>
            <td>{formatTenor(offer.tenor)}</td>
            <td>{formatPercent(offer.interest)}</td>
            <td>{formatPercent(offer.apr)}</td>
            <td>{fill(t.perMonth, { value: formatCents(offer.monthlyPayment) })}</td>
            <td>{formatCents(offer.totalAmount)}</td>
            <td>
              <button type="button" className="lv-button lv-button--primary" aria-label={fill(t.chooseLabel, { lender: offer.partnerName })} onClick={() => onOpen(offer)}>
                {t.choose}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OfferCards({ offers, badgeId, onOpen, headingLevel }: ListProps): ReactNode {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <ul className="offers__cards">
      <li className="promoted-card">
        <p className="offers__ad-label">{t.business.label}</p>
        <Heading className="offer-card__lender">{t.business.title}</Heading>
        <p>{t.business.body}</p>
        <p>
          <a className="offers__business-link" href={paths.start('yritysluotto')}>
            {t.business.link}
          </a>
        </p>
      </li>
      {offers.map((offer) => (
        <li key={offer.id} className={offer.id === badgeId ? 'offer-card offer-card--best' : 'offer-card'} data-offer-id={offer.id}>
          <Heading className="offer-card__lender">
            <Lender offer={offer} />
          </Heading>
          {offer.id === badgeId && <p className="offers__badge">{t.badge}</p>}
          {offer.downsell && <p className="offers__downsell">{t.downsellNote}</p>}
          <OfferFacts offer={offer} />
          <button type="button" className="lv-button lv-button--primary" aria-label={fill(t.chooseLabel, { lender: offer.partnerName })} onClick={() => onOpen(offer)}>
            {t.choose}
          </button>
        </li>
      ))}
    </ul>
  );
}
