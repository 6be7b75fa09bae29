import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { mayOpen, sessionQueries } from '../session.queries.ts';
import { userScope } from '../user-storage.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { laterModule, whenIdle } from '../ui/later-module.ts';
import { setToastNavigator } from '../ui/toast-store.ts';
import { usePreloadedToaster } from '../ui/toasts.tsx';
import { laterDialog } from '../ui/later-dialog.ts';
import { SignOut } from './sign-out.tsx';
import { EnvironmentBanner, isStaging } from './environment-banner.tsx';
import { AREAS, type Area } from './nav.ts';
import { useLiveEvents } from './live-events.ts';
import { navBadgeOf } from './nav-badges.ts';
import { useSessionWork } from './session-work.ts';
import './layout.css';

// The phone's menu: loaded when idle, or on the way to its button, and kept (later-module.ts).
const drawer = laterModule(() => import('./menu-drawer.tsx'));

function Brand() {
  return (
    <Link to="/" className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path
          d="M9 17l5 5 9-11"
          fill="none"
          stroke="var(--accent-text)"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Attest
    </Link>
  );
}

function Sidebar({ areas, onNavigate }: { areas: Area[]; onNavigate?: () => void }) {
  const { data: session } = useQuery(sessionQueries.current());
  const groups = [...new Set(areas.map((a) => a.group))];
  // The app's dialogs, loaded when idle: so that sign-out's question opens offline too, as
  // unsent decisions are what an offline page has (sign-out.tsx), and the review's shortcuts.
  useEffect(() => whenIdle(laterDialog.preload), []);
  return (
    <div className="side-nav">
      <Brand />
      <nav className="nav" aria-label="Main">
        {groups.map((group) => (
          <div className="nav__group" key={group}>
            <p className="nav__heading" id={`nav-${group}`}>
              {group}
            </p>
            <ul className="nav__list" aria-labelledby={`nav-${group}`}>
              {areas
                .filter((a) => a.group === group)
                .map((area) => {
                  const NavBadge = navBadgeOf(area.to);
                  return (
                    <li key={area.to}>
                      <NavLink to={area.to} end className="nav__link" onClick={onNavigate}>
                        {area.label}
                        {NavBadge && <NavBadge />}
                      </NavLink>
                    </li>
                  );
                })}
            </ul>
          </div>
        ))}
      </nav>
      {session && (
        <div className="who">
          <div>
            <p className="who__name">
              {session.user ? (
                <Link to="/profile" className="who__link" onClick={onNavigate}>
                  {session.user.displayName}
                </Link>
              ) : (
                session.clientId
              )}
            </p>
            <p className="who__owner">
              {session.owner}
              {session.user ? '' : ' · machine client'}
            </p>
          </div>
          <EnvironmentBadges staging={isStaging(session)} sandbox={session.sandbox} />
          <SignOut session={session} />
        </div>
      )}
    </div>
  );
}

/**
 * What the session works against: staging (ADR 015) and a sandbox say so; production is
 * quiet.
 */
function EnvironmentBadges({ staging, sandbox }: { staging: boolean; sandbox: boolean }) {
  if (!staging && !sandbox) return null;
  return (
    <span className="env-badges">
      {staging && (
        <Badge tone="warning" className="env-badge--staging">
          Staging
        </Badge>
      )}
      {sandbox && <Badge tone="warning">Sandbox</Badge>}
    </span>
  );
}

/** The signed-in frame: navigation by area (as permitted), who is signed in, live events. */
export function Layout() {
  const { data: session } = useQuery(sessionQueries.current());
  const [menuOpen, setMenuOpen] = useState(false);
  const MenuDrawer = drawer.useLoaded(menuOpen)?.default;
  // Where the menu is the way around (layout.css's narrow layout), it is there before it is
  // needed: opened offline, it still opens.
  useEffect(() => {
    if (matchMedia('(max-width: 900px)').matches) whenIdle(drawer.preload);
  }, []);
  useLiveEvents(Boolean(session));
  // A toast's link to a screen (a new finding) goes through the router (toast-store.ts).
  const navigate = useNavigate();
  useEffect(() => setToastNavigator((path) => void navigate(path)), [navigate]);
  usePreloadedToaster();
  // What features keep in the browser for this person is seen to (decisions kept: 026).
  useSessionWork(session ? userScope(session) : null);
  const areas = session ? AREAS.filter((area) => mayOpen(session, area)) : [];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="side-nav-column">
        <Sidebar areas={areas} />
      </aside>
      <div className="main">
        {isStaging(session) && <EnvironmentBanner />}
        <header className="topbar">
          <Brand />
          <EnvironmentBadges staging={isStaging(session)} sandbox={session?.sandbox ?? false} />
          <Button
            variant="ghost"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onPointerEnter={drawer.preload}
            onFocus={drawer.preload}
            onClick={() => setMenuOpen(true)}
          >
            Menu
          </Button>
          {menuOpen && MenuDrawer && (
            <MenuDrawer open={menuOpen} onOpenChange={setMenuOpen}>
              <Sidebar areas={areas} onNavigate={() => setMenuOpen(false)} />
            </MenuDrawer>
          )}
        </header>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
