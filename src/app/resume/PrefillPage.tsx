// /hakemus/{product}/prefill?id=…&token=… (spec §2, §4): the code flow, landing on step 7.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { resume } from '../messages.fi.ts';
import type { Product } from '../products.ts';
import { paths } from '../routes.ts';
import { ResumeGate } from './ResumeGate.tsx';

const ID = /^\d{1,16}$/;
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

export function PrefillPage({ brand, product }: { brand: Brand; product: Product }): ReactNode {
  const query = new URLSearchParams(useLocation().search);
  const id = query.get('id') ?? query.get('applicationId') ?? '';
  const token = query.get('token') ?? query.get('applicationToken') ?? '';
  if (!ID.test(id) || !TOKEN.test(token)) {
    const home = paths.start(product);
    return (
      <MessagePage brand={brand} homeHref={home} title={resume.prefillMissing.title}>
        <p>{resume.prefillMissing.body}</p>
        <p>
          <a className="lv-button lv-button--primary" href={home}>
            {resume.prefillMissing.action}
          </a>
        </p>
      </MessagePage>
    );
  }
  return <ResumeGate key={`${id}/${token}`} brand={brand} product={product} id={id} token={token} mode="prefill" />;
}
