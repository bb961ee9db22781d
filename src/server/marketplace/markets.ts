// The lender markets an application can be dispatched to: consumers (lenders.json, judged
// by decide.ts) and businesses (business-lenders.json, judged by business-decide.ts). A
// dispatch row keeps only the lender's code, so the code alone must tell which market's
// rules answer it: codes are unique across markets, checked when the markets are made.
import { profileOf } from './applicant-profile.ts';
import { decideBusiness, loadBusinessCatalogue, type BusinessCatalogue } from './business-decide.ts';
import { businessProfileOf } from './business-profile.ts';
import { loadCatalogue, type Catalogue } from './catalogue.ts';
import { decide, type OfferTerms } from './decide.ts';

export type MarketId = 'consumer' | 'business';

/** What every market's lender has: enough to queue it and to draw its logo and page. */
export interface MarketLender {
  code: string;
  name: string;
  color: string;
  responseDelayMs: number;
}

export interface AnswerContext {
  /** The application id: the consumer lenders' stable per-application variation. */
  seed: string;
  /** The consumer applicant's age is counted on this day (default today). */
  now?: Date;
}

export interface Market {
  id: MarketId;
  lenders: readonly MarketLender[];
  /** This market's lender `code` answers one stored application: an offer, or null (declined, or no such lender). */
  answer(code: string, data: Record<string, unknown>, context: AnswerContext): OfferTerms | null;
}

export interface Markets {
  market(id: MarketId): Market;
  /** The market of the lender with this code; undefined when none has it (a lender removed since its dispatch). */
  ofLender(code: string): Market | undefined;
}

function market<L extends MarketLender>(id: MarketId, lenders: readonly L[], answer: (lender: L, data: Record<string, unknown>, context: AnswerContext) => OfferTerms | null): Market {
  const byCode = new Map(lenders.map((lender) => [lender.code, lender]));
  return {
    id,
    lenders,
    answer(code, data, context) {
      const lender = byCode.get(code);
      return lender ? answer(lender, data, context) : null;
    },
  };
}

export function consumerMarket(catalogue: Catalogue = loadCatalogue()): Market {
  return market('consumer', catalogue.lenders, (lender, data, { seed, now }) => decide(profileOf(data, now), lender, catalogue.caps, seed));
}

export function businessMarket(catalogue: BusinessCatalogue = loadBusinessCatalogue()): Market {
  return market('business', catalogue.lenders, (lender, data) => decideBusiness(businessProfileOf(data), lender));
}

/** The markets together; throws when a lender code appears twice, in one market or in two. */
export function marketsOf(list: readonly Market[]): Markets {
  const owners = new Map<string, Market>();
  for (const each of list) {
    for (const { code } of each.lenders) {
      const owner = owners.get(code);
      if (owner) throw new Error(`lender code '${code}' is in the ${owner.id} market and again in the ${each.id} market`);
      owners.set(code, each);
    }
  }
  const byId = new Map(list.map((each) => [each.id, each]));
  return {
    market(id) {
      const found = byId.get(id);
      if (!found) throw new Error(`no ${id} market`);
      return found;
    },
    ofLender: (code) => owners.get(code),
  };
}

let cached: Markets | undefined;

/** Both markets from their catalogues, made (and checked) once. */
export function loadMarkets(): Markets {
  cached ??= marketsOf([consumerMarket(), businessMarket()]);
  return cached;
}
