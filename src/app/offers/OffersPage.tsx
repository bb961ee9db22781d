// Step 0: the offers list (spec §2, §4). Polls the server on the spec's schedule, shows
// the offers the rules in rules.ts let through, and opens the lender's page on accept.
// Fetch and accept failures are logged and flagged only (spec §8); the page stays usable.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { trackPurchase } from '../analytics.ts';
import type { Brand } from '../brands.ts';
import { PageShell } from '../layout/PageShell.tsx';
import { offersTexts as t } from '../messages.fi.ts';
import { Modal } from '../modals/Modal.tsx';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { acceptOffer, fetchOffers, type OffersPage as Page } from './api.ts';
import { formatCents, formatEuros, formatPercent, formatTenor } from './format.ts';
import { Lender, OfferFacts } from './OfferParts.tsx';
import {
  cheapestBadgeId,
  DEFAULT_SORT,
  isFinal,
  lenderProgress,
  listState,
  parseSortValue,
  pollDelay,
  purchaseValue,
  shouldKeepPolling,
  SORT_KEYS,
  sortValue,
  visibleOffers,
  type LenderProgress,
  type ListedOffer,
  type SortChoice,
} from './rules.ts';
import './offers.css';

interface Props {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
}

type ModalState = { kind: 'accept'; offer: ListedOffer } | { kind: 'info' } | null;

const SORT_VALUES = SORT_KEYS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => sortValue({ field, direction })));

function usePolledOffers(id: string, token: string, sort: SortChoice) {
  const [page, setPage] = useState<Page | null>(null);
  const [polls, setPolls] = useState(0);
  const [failed, setFailed] = useState(false);
  const shownSort = useRef<SortChoice | null>(null);
  // Every poll since the page opened (a sort change restarts the delays, not the count).
  const pollsDone = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    let done = 0;
    const controller = new AbortController();
    const poll = async () => {
      let next: Page | null = null;
      try {
        next = await fetchOffers(id, token, sort, controller.signal);
        if (cancelled) return;
        setPage(next);
        setFailed(false);
      } catch (error) {
        if (cancelled) return;
        console.error('offers fetch failed', error);
        setFailed(true);
      }
      done += 1;
      pollsDone.current += 1;
      setPolls(pollsDone.current);
      if (shouldKeepPolling(next, pollsDone.current)) timer = window.setTimeout(poll, pollDelay(done));
    };
    // A sort change shows the new order at once; the schedule then starts again at 5 s.
    // (Compared by identity: React's development double run of this effect is no change.)
    if (shownSort.current && shownSort.current !== sort) {
      fetchOffers(id, token, sort, controller.signal).then(
        (next) => !cancelled && setPage(next),
        (error: unknown) => !cancelled && console.error('offers fetch failed', error),
      );
    }
    shownSort.current = sort;
    timer = window.setTimeout(poll, pollDelay(0));
    return () => {
      cancelled = true;
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [id, token, sort]);

  return { page, polls, failed };
}

/**
 * Spec §9: one purchase event per application and browser session, valued at 0.85 % of
 * the largest offer. It waits for the final list (no lender is pending): lenders answer
 * over several seconds, and an early small offer would understate the value. A final
 * list without offers is no purchase.
 */
function usePurchaseEvent(id: string, page: Page | null): void {
  useEffect(() => {
    if (!page || !isFinal(page) || page.content.length === 0) return;
    const key = `lv-purchase-${id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Storage refused: the event may repeat on reload, which is better than none.
    }
    trackPurchase({ transactionId: id, value: purchaseValue(page.content) });
  }, [id, page]);
}

export function OffersPage({ brand, product, id, token }: Props): ReactNode {
  const [sort, setSort] = useState<SortChoice>(DEFAULT_SORT);
  const [showDownsell, setShowDownsell] = useState(false);
  const [showAboveFilter, setShowAboveFilter] = useState(false);
  const [modal, setModal] = useState<ModalState>(null);
  const [acceptFailed, setAcceptFailed] = useState(false);
  const { page, polls, failed } = usePolledOffers(id, token, sort);
  const offers = page?.content ?? [];
  usePurchaseEvent(id, page);

  useEffect(() => {
    document.title = fill(t.documentTitle, { brand: brand.name });
  }, [brand.name]);

  const interestFilter = brand.id === 'kattokorko';
  const visible = visibleOffers({ offers, polls, interestFilter, showDownsell, showAboveFilter });
  const state = listState(visible.shown.length, polls, visible.allFilteredByInterest);
  const badgeId = cheapestBadgeId(visible.shown);
  const final = isFinal(page);
  const progress = lenderProgress(page);
  const heading = visible.shown.length > 0 || (state !== 'waiting' && final) ? fill(t.headingCount, { count: String(visible.shown.length) }) : t.headingWaiting;

  const accept = useCallback(
    (offer: ListedOffer, target: Window | null, navigate: boolean) => {
      acceptOffer(product, id, token, offer.id).then(
        (url) => {
          if (target) target.location.href = url;
          // A blocked popup: the lender page opens here instead.
          else if (navigate) window.location.assign(url);
        },
        (error: unknown) => {
          console.error('accepting the offer failed', error);
          setAcceptFailed(true);
          target?.close();
        },
      );
    },
    [id, token],
  );

  const onChoose = (offer: ListedOffer) => {
    // Opened now, inside the click, so no popup blocker stops it; sent on when the url comes.
    const target = window.open('', '_blank');
    if (target) target.opener = null;
    accept(offer, target, true);
    // The lender window is open (or this tab is about to go there): the dialog has done its part.
    setModal(null);
  };

  return (
    <PageShell brand={brand} homeHref={paths.start(product)}>
      <div className="offers" data-polls={polls} data-fetch-failed={failed || undefined} data-accept-failed={acceptFailed || undefined}>
        <h1 className="offers__title">{heading}</h1>
        <p className="offers__lead">{t.free}</p>
        <div className="offers__controls">
          <label className="offers__sort">
            <span>{t.sortLabel}</span>
            <select value={sortValue(sort)} onChange={(event) => setSort(parseSortValue(event.target.value))}>
              {SORT_VALUES.map((value) => (
                <option key={value} value={value}>
                  {t.sortOptions[value]}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="lv-button lv-button--secondary offers__info" onClick={() => setModal({ kind: 'info' })}>
            {t.infoButton}
          </button>
        </div>

        <div role="status" className="offers__status">
          {state === 'waiting' && <p>{t.waiting}</p>}
          {state === 'waiting' && <Progress progress={progress} />}
          {state === 'none' && <p>{t.none}</p>}
          {state === 'filtered' && <p>{t.allFiltered}</p>}
          {state !== 'waiting' && page && page.pendingLenders > 0 && (
            <>
              <p className="offers__pending">{fill(t.pending, { count: String(page.pendingLenders) })}</p>
              {progress && <ProgressBar progress={progress} />}
            </>
          )}
        </div>

        {/* The business credit is promoted as the list's first row: only when offers are listed. */}
        {visible.shown.length > 0 && <OffersTable offers={visible.shown} badgeId={badgeId} onOpen={(offer) => setModal({ kind: 'accept', offer })} />}
        {visible.shown.length > 0 && <OfferCards offers={visible.shown} badgeId={badgeId} onOpen={(offer) => setModal({ kind: 'accept', offer })} />}

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
          <aside className="offers__sponsored" aria-labelledby="offers-sponsored-title">
            <p className="offers__ad-label">{t.sponsored.label}</p>
            <h2 id="offers-sponsored-title">{t.sponsored.title}</h2>
            <p>{t.sponsored.body}</p>
          </aside>
        )}
      </div>

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
            if (how === 'icon') accept(modal.offer, null, false);
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
    </PageShell>
  );
}


interface ListProps {
  offers: ListedOffer[];
  badgeId: number | undefined;
  onOpen(offer: ListedOffer): void;
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
          <th scope="col">{t.columns.action}</th>
        </tr>
      </thead>
      {/* Spec §2: the continuous business credit is promoted as a row, marked as an advertisement. */}
      <tbody className="offers__promoted">
        <tr>
          <th scope="row">
            <span className="offers__ad-label">{t.business.label}</span> {t.business.title}
          </th>
          <td colSpan={6}>
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

function OfferCards({ offers, badgeId, onOpen }: ListProps): ReactNode {
  return (
    <ul className="offers__cards">
      <li className="promoted-card">
        <p className="offers__ad-label">{t.business.label}</p>
        <h2 className="offer-card__lender">{t.business.title}</h2>
        <p>{t.business.body}</p>
        <p>
          <a className="offers__business-link" href={paths.start('yritysluotto')}>
            {t.business.link}
          </a>
        </p>
      </li>
      {offers.map((offer) => (
        <li key={offer.id} className={offer.id === badgeId ? 'offer-card offer-card--best' : 'offer-card'} data-offer-id={offer.id}>
          <h2 className="offer-card__lender">
            <Lender offer={offer} />
          </h2>
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
