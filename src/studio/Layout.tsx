// The studio's frame for a logged-in member: a skip link, the header (who, roles, logout),
// the navigation and the page in <main>.
import { useState, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { studioApi } from './api.ts';
import { roleLabel } from './format.ts';
import { fill, studioTexts as t } from './messages.fi.ts';
import { studioPaths } from './paths.ts';
import { useStaff } from './staff.tsx';

export function Layout(): ReactNode {
  const me = useStaff();
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    try {
      await studioApi.logout();
    } finally {
      // A fresh load: the gate asks again and shows the login page.
      window.location.assign(studioPaths.items);
    }
  };
  return (
    <>
      <a className="studio-skip" href="#studio-main">
        {t.skipToContent}
      </a>
      <header className="studio-header" aria-label={t.header.label}>
        <p className="studio-header__title">
          <Link to={studioPaths.items}>{t.title}</Link>
        </p>
        <nav aria-label={t.header.nav}>
          <Link to={studioPaths.items}>{t.header.items}</Link>
        </nav>
        <div className="studio-header__member">
          <p>{fill(t.header.member, { name: me.name })}</p>
          <p>{fill(t.header.roles, { roles: me.roles.map(roleLabel).join(', ') })}</p>
          <button type="button" className="studio-button studio-button--quiet" onClick={() => void logout()} disabled={leaving}>
            {leaving ? t.header.loggingOut : t.header.logout}
          </button>
        </div>
      </header>
      <main id="studio-main" className="studio-main">
        <Outlet />
      </main>
    </>
  );
}
