// Step 0: the offers list (spec §2, §4). Polls the server on the spec's schedule, shows
// the offers the rules in rules.ts let through, and opens the lender's page on accept.
// Fetch and accept failures are logged and flagged only (spec §8); the page stays usable.
// A link the server does not know (404) is no list: the page says so and stops polling.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { trackPurchase } from '../analytics.ts';
import { useOffersPageEvent } from './offers-page-event.ts';
import type { Brand } from '../brands.ts';
import { PageShell } from '../layout/PageShell.tsx';
import { offersTexts as t } from '../messages/offers.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { acceptOffer, fetchOffers, OffersNotFound, type OffersPage as Page } from './api.ts';
import { OffersList } from './OffersList.tsx';
import { DEFAULT_SORT, isFinal, purchaseValue, type SortChoice } from './rules.ts';
import { usePolledOffers } from './use-polled-offers.ts';

interface Props {
  brand: Brand;
  product: Product;
  id: string;
  token: string;
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
  const fetchPage = useCallback((signal: AbortSignal) => fetchOffers(id, token, sort, signal), [id, token, sort]);
  const [notFound, setNotFound] = useState(false);
  const { page, polls, failed } = usePolledOffers(fetchPage, {
    onFailed: (error) => {
      if (!(error instanceof OffersNotFound)) return;
      setNotFound(true);
      return 'stop';
    },
  });
  const accept = useCallback((offerId: number) => acceptOffer(product, id, token, offerId), [product, id, token]);
  usePurchaseEvent(id, page);
  useOffersPageEvent(brand.id, product, id);

  useEffect(() => {
    document.title = fill(t.documentTitle, { brand: brand.name });
  }, [brand.name]);

  return (
    <PageShell brand={brand} homeHref={paths.start(product)}>
      {notFound ? (
        <OffersLinkNotFound product={product} />
      ) : (
        <OffersList
          page={page}
          polls={polls}
          failed={failed}
          sort={sort}
          onSort={setSort}
          interestFilter={brand.id === 'kattokorko'}
          accept={accept}
          newApplicationHref={paths.start(product)}
        />
      )}
    </PageShell>
  );
}

/** No application with this id and token: the link is broken, not the lenders unwilling. */
function OffersLinkNotFound({ product }: { product: Product }): ReactNode {
  return (
    <div className="offers offers--not-found" data-not-found>
      <h1 className="offers__title">{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <p>
        <a className="lv-button lv-button--primary" href={paths.start(product)}>
          {t.notFound.action}
        </a>
      </p>
    </div>
  );
}
