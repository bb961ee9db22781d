// A content page of forms/content/legal/ (the legal texts), in the brand's words: its
// {placeholders} filled from site.json and the brand, its `[text](/path)` links as
// links. What the page says is the document's; only the frame is code.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ContentPage } from '../../../engine/core/content.ts';
import { fillPlaceholders } from '../../../engine/core/content.ts';
import { LinkedText } from '../../../engine/react/LinkedText.tsx';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import { PageShell } from '../layout/PageShell.tsx';
import { legalTexts } from '../messages/legal.fi.ts';
import { LoadFailedPage, LoadingPage } from '../pages/LoadingPages.tsx';
import { paths } from '../routes.ts';
import { fill } from '../text.ts';
import { loadContentPage, valuesFor } from './legal-pages.ts';

/** 2026-11-01 → 1.11.2026, as a Finn writes a date. */
export function finnishDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day}.${month}.${year}`;
}

export function LegalPage({ brand, page }: { brand: Brand; page?: string }): ReactNode {
  const [loaded, setLoaded] = useState<{ name: string; doc?: ContentPage; failed?: boolean }>();
  useEffect(() => {
    let current = true;
    if (!page) return;
    loadContentPage(page).then(
      (doc) => current && setLoaded({ name: page, doc }),
      () => current && setLoaded({ name: page, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [page]);
  const values = useMemo(() => valuesFor(brand), [brand]);
  const text = (written: string) => fillPlaceholders(written, values);
  const doc = loaded?.name === page ? loaded?.doc : undefined;
  useEffect(() => {
    if (!doc) return;
    const before = document.title;
    document.title = fill(legalTexts.documentTitle, { title: text(doc.title), brand: brand.name });
    return () => {
      document.title = before;
    };
  });
  if (loaded?.failed) return <LoadFailedPage brand={brand} />;
  if (!doc) return <LoadingPage brand={brand} />;
  return (
    <PageShell brand={brand} homeHref={paths.start(defaultProduct)}>
      <article className="legal-page">
        <h1 className="legal-page__title">{text(doc.title)}</h1>
        <p className="legal-page__meta">{fill(legalTexts.meta, { updated: finnishDate(doc.updated), version: doc.version })}</p>
        {doc.notice && (
          <p className="legal-page__notice" role="note">
            {text(doc.notice)}
          </p>
        )}
        {doc.lead && (
          <p className="legal-page__lead">
            <LinkedText text={text(doc.lead)} />
          </p>
        )}
        {doc.sections.map((section, s) => (
          <section key={s} className="legal-page__section">
            <h2>{text(section.heading)}</h2>
            {section.paragraphs?.map((paragraph, p) => (
              <p key={p}>
                <LinkedText text={text(paragraph)} />
              </p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item, i) => (
                  <li key={i}>
                    <LinkedText text={text(item)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </PageShell>
  );
}
