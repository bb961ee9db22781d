// Spec §7: the identification pages opened without an application id or token.
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { identification } from '../messages/identification.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';

export function MissingDetails({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const t = identification.missingDetails;
  return (
    <HomeNoticePage brand={brand} homeHref={paths.start(product)} title={t.title} body={t.body} action={t.action} />
  );
}
