// A new prefilled application (issue 17 /haelainaa; issue 25 item 3): the logged-in customer
// lands on the product's prefill page with no application named, this page fetches the answers
// the new application starts with (GET /api/applications/prefill/{kind}, which stores nothing),
// keeps them as this tab's unsaved draft of the product, on the step the prefill flow lands on,
// and opens the product's form. The application is created by its first save, as every other
// one is: a card clicked and left behind leaves nothing in the customer's list.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { trackResume } from '../analytics.ts';
import { draftScopeOf, storeDraft } from '../application/storage.ts';
import type { Brand } from '../brands.ts';
import { appFlowOf } from '../../flows/app-registry.ts';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { customerTexts } from '../messages/customer.fi.ts';
import { resume } from '../messages/resume.fi.ts';
import { LoadingPage } from '../pages/LoadingPages.tsx';
import type { Product } from '../products.ts';
import { loadPrefilledAnswers } from '../resume/api.ts';
import { markPrefilled, PREFILL_STEP, WHOLE_FORM_STEP } from '../resume/saved-form.ts';
import { paths } from '../routes.ts';
import { useCustomerSession } from './session.tsx';

/** `missing`: what a visitor who is not logged in sees (the prefill link without an application). */
export function PrefilledStart({ brand, product, missing }: { brand: Brand; product: Product; missing: ReactNode }): ReactNode {
  const { authenticated } = useCustomerSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // Once per page (StrictMode runs effects twice), when the session check says logged in.
    if (authenticated !== true || started.current) return;
    started.current = true;
    const details = { brand: brand.id, product };
    trackResume('prefill_show', details);
    void loadPrefilledAnswers(product).then((data) => {
      if (!data) return setFailed(true);
      const step = appFlowOf(product)?.resume.wholeForm ? WHOLE_FORM_STEP : PREFILL_STEP;
      const scope = draftScopeOf(brand, product);
      // Steps up to the landing one count as shown, as after a resumed application.
      storeDraft(scope, { data, step, tracked: Array.from({ length: step }, (_, index) => index + 1) });
      markPrefilled(scope);
      trackResume('prefill_login_success', details);
      navigate(paths.start(product), { replace: true });
    });
  }, [authenticated, brand, product, navigate]);

  if (authenticated === false) return missing;
  if (failed) {
    return <HomeNoticePage brand={brand} homeHref={paths.start(product)} title={resume.prefillMissing.title} body={customerTexts.fetchFailed} action={resume.prefillMissing.action} />;
  }
  return <LoadingPage brand={brand} product={product} />;
}
