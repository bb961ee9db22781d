// /omattiedot (marketplace spec §2 "User details", §7 GET/POST /api/user, §8): the logged-in
// customer's name (read-only), address, postal code (its town filled in as the application
// forms do), town, phone, e-mail and marketing ban, as the form document
// forms/user-details.json has them; the server checks a save with the same document.
// 'Haetaan tietoja...' while loading, the fetch error text when the details cannot be had;
// a save says 'Tiedot päivitetty', or 'Tarkista tiedot' with the server's messages on the
// fields. The answers stay as typed whatever the save comes to.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { FormData } from '../../../engine/core/index.ts';
import type { ContinueOutcome, RendererServices } from '../../../engine/react/index.ts';
import { lookupTown } from '../api.ts';
import type { Brand } from '../brands.ts';
import { defaultProduct } from '../catalogue.ts';
import type { FormLoader } from '../form-source.ts';
import { MessagePage } from '../layout/PageShell.tsx';
import { customerTexts } from '../messages/customer.fi.ts';
import { LoadFailedPage } from '../pages/LoadingPages.tsx';
import { paths } from '../routes.ts';
import { DocumentForm, usePageForm } from './DocumentForm.tsx';
import { useCustomerSession } from './session.tsx';
import { fetchUser, saveUser, type User } from './user-api.ts';

const t = customerTexts.details;
export const USER_DETAILS_DOCUMENT = 'user-details';

/** Made once: a new services object would render every field again. */
const services: RendererServices = { lookupPostalCode: lookupTown };

type Notice = 'saved' | 'failed' | null;

export function UserDetailsPage({ brand, load }: { brand: Brand; load: FormLoader }): ReactNode {
  const form = usePageForm(load, USER_DETAILS_DOCUMENT);
  const { setAuthenticated } = useCustomerSession();
  const [user, setUser] = useState<User | 'loading' | 'failed'>('loading');
  const [notice, setNotice] = useState<Notice>(null);
  const home = paths.start(defaultProduct);

  useEffect(() => {
    document.title = `${t.title} | ${brand.name}`;
  }, [brand.name]);

  useEffect(() => {
    let current = true;
    void fetchUser().then((read) => {
      if (!current) return;
      // The session ended meanwhile: the guard sends the customer to the login and back here.
      if (read.kind === 'signedOut') setAuthenticated(false);
      else setUser(read.kind === 'found' ? read.user : 'failed');
    });
    return () => {
      current = false;
    };
  }, [setAuthenticated]);

  const submit = useCallback(
    async (data: FormData): Promise<ContinueOutcome> => {
      // Cleared first, so a second save's 'Tiedot päivitetty' is announced again.
      setNotice(null);
      const outcome = await saveUser(data);
      if (outcome.kind === 'saved') {
        setNotice('saved');
        return { ok: true };
      }
      if (outcome.kind === 'signedOut') {
        setAuthenticated(false);
        return { ok: false };
      }
      setNotice('failed');
      // The server's message on each field it refused, and the error summary (spec §8 'Tarkista tiedot').
      return outcome.kind === 'invalid' ? { ok: false, errors: outcome.errors } : { ok: false };
    },
    [setAuthenticated],
  );
  // A change after a save: the notice no longer describes what is on the screen.
  const changed = useCallback(() => setNotice((current) => (current === 'saved' ? null : current)), []);

  if (form === 'failed') return <LoadFailedPage brand={brand} />;
  if (form === null || user === 'loading') {
    return (
      <MessagePage brand={brand} homeHref={home} title={t.title}>
        <p role="status">{customerTexts.checking}</p>
      </MessagePage>
    );
  }
  if (user === 'failed') {
    return (
      <MessagePage brand={brand} homeHref={home} title={t.title}>
        <p className="notice-box" role="alert">
          {customerTexts.fetchFailed}
        </p>
      </MessagePage>
    );
  }
  return (
    <MessagePage brand={brand} homeHref={home} title={t.title}>
      <DocumentForm runtime={form.runtime} initial={user as unknown as FormData} onSubmit={submit} onChange={changed} services={services} />
      {/* Always there, so what appears in it is announced. */}
      <p className="customer-details__saved" role="status">
        {notice === 'saved' ? t.saved : ''}
      </p>
      {notice === 'failed' && (
        <p className="notice-box" role="alert">
          {t.failed}
        </p>
      )}
    </MessagePage>
  );
}
