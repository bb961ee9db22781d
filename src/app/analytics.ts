// Analytics events go to the tag manager's data layer (spec §4): one
// `consumer_application_n` per step, the first time the applicant reaches it.
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function trackStep(step: number, details: { brand: string; product: string }): void {
  (window.dataLayer ??= []).push({ event: `consumer_application_${step}`, ...details });
}

/** Spec §9: once per application, when offers first arrive; value 0.85 % of the largest offer. */
export function trackPurchase(details: { transactionId: string; value: number }): void {
  (window.dataLayer ??= []).push({ event: 'purchase', ecommerce: { transaction_id: details.transactionId, value: details.value, currency: 'EUR' } });
}

// --- One-time codes and prefill (issue 5, A1): prefill_show, prefill_login_success,
// prefill_set_marketing_ban, prefill_form_submit, and consumer_application_continue after resuming.
export type ResumeEvent = 'prefill_show' | 'prefill_login_success' | 'prefill_set_marketing_ban' | 'prefill_form_submit' | 'consumer_application_continue';

export function trackResume(event: ResumeEvent, details: { brand: string; product: string; step?: number }): void {
  (window.dataLayer ??= []).push({ event, ...details });
}

/** Marketplace spec §4 "Business flow": from the second poll of the business offers on, each poll is reported. */
export function trackBusinessOffersPoll(details: { brand: string; polls: number; offers: number }): void {
  (window.dataLayer ??= []).push({ event: 'business_offers_poll', ...details });
}
