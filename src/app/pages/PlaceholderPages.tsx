// The not-found page. (The prefill placeholder became src/app/resume/PrefillPage.tsx.)
import type { ReactNode } from 'react';
import type { Brand } from '../brands.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { pages } from '../messages.fi.ts';
import { paths } from '../routes.ts';

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
