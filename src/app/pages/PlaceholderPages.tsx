// The not-found page. (The prefill placeholder became src/app/resume/PrefillPage.tsx.)
import { defaultProduct } from '../catalogue.ts';
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { HomeNoticePage } from '../layout/PageShell.tsx';
import { pages } from '../messages/step.fi.ts';
import { paths } from '../routes.ts';

export function NotFoundPage({ brand }: { brand: Brand }): ReactNode {
  const home = paths.start(defaultProduct);
  return (
    <HomeNoticePage brand={brand} homeHref={home} title={pages.notFound.title} body={pages.notFound.body} action={pages.notFound.link} />
  );
}
