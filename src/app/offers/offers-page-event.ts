// `loan_application_offers_page` once per application and page load (marketplace spec §9), with
// `return_from_outside`: the page was the first the app showed (a link from a mail, a bookmark,
// a reload) or reached by the browser's back and forward buttons (react-router's POP), not by
// the app's own move from identification or the sent form (PUSH or REPLACE).
import { useEffect } from 'react';
import { useNavigationType } from 'react-router-dom';
import { trackOffersPage } from '../analytics.ts';

export function useOffersPageEvent(brand: string, product: string, application: string): void {
  const navigation = useNavigationType();
  useEffect(() => {
    trackOffersPage({ brand, product, application, returnFromOutside: navigation === 'POP' });
    // Once per shown page: a later navigation inside it is not a new arrival.
  }, [brand, product, application]);
}
