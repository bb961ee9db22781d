// What a product's pages show while their form or their code is on its way, and when
// it cannot be had (spec principle: a failure is a message, never a blank page).
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { pages } from '../messages/step.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';

interface Props {
  brand: Brand;
  /** The product whose start the header's home link leads to; the default product's without one. */
  product?: Product;
}

export function LoadingPage({ brand, product = defaultProduct }: Props): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={pages.loadingForm}>
      <p className="spinner spinner--large" aria-hidden="true" />
    </MessagePage>
  );
}

export function LoadFailedPage({ brand, product = defaultProduct }: Props): ReactNode {
  return (
    <MessagePage brand={brand} homeHref={paths.start(product)} title={pages.loadFailed.title}>
      <p>{pages.loadFailed.body}</p>
    </MessagePage>
  );
}
