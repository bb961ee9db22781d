// Analytics events go to the tag manager's data layer (both specs, §4 and §9). Every event is
// pushed through one function that deduplicates by name and action (marketplace spec §9): the
// same pair is pushed once per page load, whatever renders or effects run twice. No event
// carries personal data: brand, product, step, counts and money only (the application's id as
// the purchase's transaction id, which identifies no person outside the service).
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type Details = Record<string, string | number | boolean | Record<string, string | number>>;

const sent = new Set<string>();

function push(event: string, action: string, details: Details): void {
  const key = `${event}\u0000${action}`;
  if (sent.has(key)) return;
  sent.add(key);
  // The action is the deduplication's key only: the tag manager's payloads stay as they were.
  (window.dataLayer ??= []).push({ event, ...details });
}

/**
 * One `<stepEvent>_<n>` per step the first time the applicant reaches it: the flow names the
 * event (`consumer_application`, `mortgage_application`, `business_application`; src/flows/<flow>/app.tsx).
 * `application`: its id once saved, else 'new' (the action the deduplication keys on).
 */
export function trackStep(stepEvent: string, step: number, details: { brand: string; product: string; application?: string }): void {
  push(`${stepEvent}_${step}`, details.application ?? 'new', { brand: details.brand, product: details.product, step });
}

/** Spec §9: once per application, when offers first arrive; value 0.85 % of the largest offer. */
export function trackPurchase(details: { transactionId: string; value: number }): void {
  push('purchase', details.transactionId, { ecommerce: { transaction_id: details.transactionId, value: details.value, currency: 'EUR' } });
}

/**
 * Spec §9: the offers page was shown; `return_from_outside` when the visitor came to it from
 * outside the app (a link in a mail, a bookmark, a reload, the browser's back button), not
 * from the app's own pages (identification finished, the form sent).
 */
export function trackOffersPage(details: { brand: string; product: string; application: string; returnFromOutside: boolean }): void {
  push('loan_application_offers_page', details.application, { brand: details.brand, product: details.product, return_from_outside: details.returnFromOutside });
}

// --- One-time codes and prefill (issue 5, A1): prefill_show, prefill_login_success,
// prefill_set_marketing_ban, prefill_form_submit, and consumer_application_continue after resuming.
export type ResumeEvent = 'prefill_show' | 'prefill_login_success' | 'prefill_set_marketing_ban' | 'prefill_form_submit' | 'consumer_application_continue';

export function trackResume(event: ResumeEvent, details: { brand: string; product: string; step?: number; application?: string }): void {
  const { application, ...rest } = details;
  push(event, application ?? 'new', rest);
}

/** Marketplace spec §4 "Business flow": from the second poll of the business offers on, each poll is reported. */
export function trackBusinessOffersPoll(details: { brand: string; polls: number; offers: number }): void {
  push('business_offers_poll', String(details.polls), details);
}
