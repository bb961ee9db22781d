// Routes of spec §2 whose real pages come with later issues (strong
// identification, finishing, prefill). Each says plainly what is not there yet.
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { pages } from '../messages.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { loadApplication } from '../application/storage.ts';

interface Props {
  brand: Brand;
  product: Product;
}

/** Step 7 leads here. Placeholder until strong identification is built. */
export function AuthenticationPage({ brand, product, id, token }: Props & { id: string; token: string }): ReactNode {
  const stored = loadApplication(id, token);
  const back = paths.step(product, stored?.step ?? 7, id, token);
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={pages.authentication.title}>
      <p className="message-page__lead">{pages.authentication.saved}</p>
      <p>{pages.authentication.next}</p>
      {stored?.data.hasCoApplicant === true && <p>{pages.authentication.coApplicant}</p>}
      <p className="notice-box" role="note">
        {pages.authentication.notYet}
      </p>
      <p>
        <a className="lv-button lv-button--secondary" href={back}>
          {pages.authentication.back}
        </a>
      </p>
    </MessagePage>
  );
}

/** The finishing page after identification. Placeholder. */
export function StatusPage({ brand, product, id, token }: Props & { id: string; token: string }): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={pages.status.title}>
      <p>{pages.status.body}</p>
      <p>
        <a className="lv-button lv-button--secondary" href={paths.step(product, 7, id, token)}>
          {pages.status.back}
        </a>
      </p>
    </MessagePage>
  );
}

/** The prefill flow needs one-time codes. Placeholder. */
export function PrefillPage({ brand, product }: Props): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={pages.prefill.title}>
      <p>{pages.prefill.body}</p>
      <p>
        <a className="lv-button lv-button--primary" href={paths.start(product)}>
          {pages.prefill.action}
        </a>
      </p>
    </MessagePage>
  );
}

export function NotFoundPage({ brand }: { brand: Brand }): ReactNode {
  const home = paths.start('kulutusluotto');
  return (
    <MessagePage brand={brand} homeHref={home} title={pages.notFound.title}>
      <p>{pages.notFound.body}</p>
      <p>
        <a className="lv-button lv-button--primary" href={home}>
          {pages.notFound.link}
        </a>
      </p>
    </MessagePage>
  );
}
