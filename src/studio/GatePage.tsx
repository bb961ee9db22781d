// The studio's page for anyone it does not let in: log in, no role, or the check failed.
import type { ReactNode } from 'react';
import { STAFF_LOGIN_PATH } from './api.ts';
import { studioTexts as t } from './messages.fi.ts';
import { PageHeading } from './PageHeading.tsx';

export function GatePage({ reason, retry }: { reason: 'checking' | 'login' | 'noRole' | 'failed'; retry: () => void }): ReactNode {
  return (
    <>
      <header className="studio-header" aria-label={t.header.label}>
        <p className="studio-header__title">{t.title}</p>
      </header>
      <main id="studio-main" className="studio-main">
        {reason === 'checking' && <p role="status">{t.loading}</p>}
        {reason === 'login' && (
          <>
            <PageHeading>{t.gate.loginTitle}</PageHeading>
            <p>{t.gate.loginLead}</p>
            {/* A full navigation: the login is the server's redirect to the staff provider. */}
            <p>
              <a className="studio-button" href={STAFF_LOGIN_PATH}>
                {t.gate.loginLink}
              </a>
            </p>
          </>
        )}
        {reason === 'noRole' && (
          <>
            <PageHeading>{t.gate.noRoleTitle}</PageHeading>
            <p>{t.gate.noRoleLead}</p>
          </>
        )}
        {reason === 'failed' && (
          <>
            <PageHeading>{t.title}</PageHeading>
            <p role="alert">{t.loadFailed}</p>
            <button type="button" className="studio-button" onClick={retry}>
              {t.retry}
            </button>
          </>
        )}
      </main>
    </>
  );
}
