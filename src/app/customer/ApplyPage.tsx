// /haelainaa (marketplace spec §2, §7 "Customer area"): three cards, mortgage, consumer loan
// and combining loan. A card's button asks the server where the prefill page of its kind is
// (GET /api/applications/redirect/{kind}, which stores nothing) and goes there: the page fills a
// new application of that kind from the customer's latest one (PrefilledStart.tsx), created by
// its first save (issue 25 item 3). §8's fetch-failure text when that fails.
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import { PageShell } from '../layout/PageShell.tsx';
import { customerTexts } from '../messages/customer.fi.ts';
import { paths } from '../routes.ts';
import './apply.css';

const t = customerTexts.apply;
const KINDS = ['mortgage', 'consumer', 'combine'] as const;
type Kind = (typeof KINDS)[number];

/** The prefill page of the kind; null when it could not be had (or the answer is no page of ours). */
async function fetchRedirect(kind: Kind): Promise<string | null> {
  try {
    const response = await fetch(`/api/applications/redirect/${kind}`, { headers: { accept: 'application/json' }, credentials: 'include' });
    const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
    const url = response.ok ? body?.url : undefined;
    // Only a page of this site: the answer is followed as a path, never as an address.
    return typeof url === 'string' && url.startsWith('/hakemus/') ? url : null;
  } catch {
    return null;
  }
}

export function ApplyPage({ brand }: { brand: Brand }): ReactNode {
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'preparing' | 'failed'>('idle');
  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
  }, [brand.name]);

  const start = async (kind: Kind) => {
    setState('preparing');
    const url = await fetchRedirect(kind);
    if (url) navigate(url);
    else setState('failed');
  };

  return (
    <PageShell brand={brand} homeHref={paths.start(defaultProduct)}>
      <div className="apply-page">
        <h1 className="message-page__title">{t.title}</h1>
        <p>{t.lead}</p>
        <ul className="apply-page__cards">
          {KINDS.map((kind) => (
            <li key={kind} className="apply-card">
              <section aria-labelledby={`apply-${kind}`}>
                <h2 id={`apply-${kind}`} className="apply-card__title">
                  {t.cards[kind].title}
                </h2>
                <p>{t.cards[kind].body}</p>
                {/* One card at a time: the page is on its way. */}
                <button type="button" className="lv-button lv-button--primary" disabled={state === 'preparing'} onClick={() => void start(kind)}>
                  {t.cards[kind].button}
                </button>
              </section>
            </li>
          ))}
        </ul>
        {state === 'preparing' && (
          <p role="status" className="apply-page__status">
            <span className="spinner" aria-hidden="true" /> {t.preparing}
          </p>
        )}
        {state === 'failed' && (
          <p className="notice-box" role="alert">
            {customerTexts.fetchFailed}
          </p>
        )}
      </div>
    </PageShell>
  );
}
