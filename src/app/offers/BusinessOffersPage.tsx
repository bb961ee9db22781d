// The business offers list, step 3 (marketplace spec §2, §4 "Business flow", §9): polls
// at once and then 5 s, 5.5 s … later (issue 25), reports each poll from the second on,
// says it is waiting for at most two polls and 'Ei lainatarjouksia' after more with
// none (whatever the lenders' speed: the verdict is the polls'), with what to do next, lists the offers in the server's order (APR, then closeness to the applied
// amount) with the promoted continuous credit beside them (a link to its partner's
// page, as the consumer list's promoted row has a link), and opens an accepted offer
// in a window opened before the call, so no popup blocker stops it.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { trackBusinessOffersPoll } from '../analytics.ts';
import { useOffersPageEvent } from './offers-page-event.ts';
import type { Brand } from '../brands.ts';
import { MissingDetails } from '../identification/MissingDetails.tsx';
import { PageShell } from '../layout/PageShell.tsx';
import { businessTexts } from '../messages/step.fi.ts';
import { offersTexts as t } from '../messages/offers.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { acceptOffer, fetchBusinessOffers, OffersNotFound } from './api.ts';
import { NoOffersAdvice } from './NoOffersAdvice.tsx';
import { Lender, OfferFacts } from './OfferParts.tsx';
import { isFinal, POLLS_BEFORE_VERDICT, type ListedOffer } from './rules.ts';
import { usePolledOffers } from './use-polled-offers.ts';
import './offers.css';

interface Props {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
}

const promoted = businessTexts.offers.promoted;
/** The promoted continuous credit's partner: the server's demo page of it (docs/decisions.md). */
const CONTINUOUS_CREDIT_PAGE = '/kumppani/jatkuva-yritysluotto';

export function BusinessOffersPage(props: Props): ReactNode {
  if (!props.id || !props.token) return <MissingDetails brand={props.brand} product={props.product} />;
  return <BusinessOffers {...props} />;
}

function BusinessOffers({ brand, product, id, token }: Props): ReactNode {
  useOffersPageEvent(brand.id, product, id);
  const [acceptFailed, setAcceptFailed] = useState(false);
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = fill(t.documentTitle, { brand: brand.name });
  }, [brand.name]);

  const fetchPage = useCallback((signal: AbortSignal) => fetchBusinessOffers(product, id, token, signal), [product, id, token]);
  const { page, polls } = usePolledOffers(fetchPage, {
    onPolled: (next, done) => {
      if (done >= 2) trackBusinessOffersPoll({ brand: brand.id, polls: done, offers: next?.content.length ?? 0 });
    },
    // No such application (a broken link): the error page (§2), not a list that waits for ever.
    onFailed: (error) => {
      if (!(error instanceof OffersNotFound)) return;
      navigate(paths.error(product), { replace: true });
      return 'stop';
    },
  });

  const offers = page?.content ?? [];
  // Spec §4: 'Ei lainatarjouksia' only after more than two polls, even when every lender has answered sooner.
  const state = offers.length > 0 ? 'offers' : polls >= POLLS_BEFORE_VERDICT ? 'none' : 'waiting';
  const final = isFinal(page);
  const title = state === 'offers' ? fill(t.headingCount, { count: String(offers.length) }) : state === 'none' ? t.none : t.headingWaiting;

  const choose = (offer: ListedOffer) => {
    // Opened now, inside the click, so no popup blocker stops it; sent on when the url comes.
    const target = window.open('', '_blank');
    if (target) target.opener = null;
    acceptOffer(product, id, token, offer.id).then(
      (url) => {
        if (target) target.location.href = url;
        else window.location.assign(url);
      },
      (error: unknown) => {
        console.error('accepting the offer failed', error);
        setAcceptFailed(true);
        target?.close();
      },
    );
  };

  return (
    <PageShell brand={brand} homeHref={paths.start(product)}>
      <div className="offers" data-polls={polls} data-accept-failed={acceptFailed || undefined}>
        <h1 ref={headingRef} className="offers__title">
          {title}
        </h1>
        <div role="status" aria-live="polite">
          {state === 'waiting' && <p className="offers__waiting">{t.waiting}</p>}
          {state === 'none' && final && <p className="offers__none">{t.noneDetail}</p>}
          {state === 'none' && !final && page && page.pendingLenders > 0 && <p className="offers__pending">{fill(t.pending, { count: String(page.pendingLenders) })}</p>}
        </div>
        {state === 'offers' && (
          <ul className="offers__cards offers__cards--always">
            <li className="promoted-card">
              <p className="offers__ad-label">{promoted.label}</p>
              <h2 className="offer-card__lender">{promoted.title}</h2>
              <p>{promoted.body}</p>
              <p>
                <a className="offers__business-link" href={CONTINUOUS_CREDIT_PAGE}>
                  {promoted.link}
                </a>
              </p>
            </li>
            {offers.map((offer) => (
              <li key={offer.id} className="offer-card" data-offer-id={offer.id}>
                <h2 className="offer-card__lender">
                  <Lender offer={offer} />
                </h2>
                <OfferFacts offer={offer} />
                {offer.lenderInfo && <p className="offer-card__info">{offer.lenderInfo}</p>}
                <button type="button" className="lv-button lv-button--primary" aria-label={fill(t.chooseLabel, { lender: offer.partnerName })} onClick={() => choose(offer)}>
                  {offer.buttonText || t.choose}
                </button>
              </li>
            ))}
          </ul>
        )}
        {state === 'none' && final && <NoOffersAdvice newApplicationHref={paths.start(product)} coApplicant={false} headingLevel={2} />}
        <p className="offers__free">{t.free}</p>
      </div>
    </PageShell>
  );
}
