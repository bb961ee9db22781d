// /hakemus/{product}/prefill?id=…&token=… (spec §2, §4): the code flow, landing on step 7.
// Without an application named, a logged-in customer's new prefilled application (/haelainaa).
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { PrefilledStart } from '../customer/PrefilledStart.tsx';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { resume } from '../messages/resume.fi.ts';
import type { Product } from '../products.ts';
import { looksLikeApplication, paths } from '../routes.ts';
import { ResumeGate } from './ResumeGate.tsx';

export function PrefillPage({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const query = new URLSearchParams(useLocation().search);
  const id = query.get('id') ?? query.get('applicationId') ?? '';
  const token = query.get('token') ?? query.get('applicationToken') ?? '';
  if (!looksLikeApplication(id, token)) {
    const home = paths.start(product);
    const missing = (
      <HomeNoticePage brand={brand} homeHref={home} title={resume.prefillMissing.title} body={resume.prefillMissing.body} action={resume.prefillMissing.action} />
    );
    // No application named at all: /haelainaa's new application, for a logged-in customer.
    return id === '' && token === '' ? <PrefilledStart brand={brand} product={product} missing={missing} /> : missing;
  }
  return <ResumeGate key={`${id}/${token}`} brand={brand} product={product} id={id} token={token} mode="prefill" />;
}
