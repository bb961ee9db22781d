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
