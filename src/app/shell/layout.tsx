import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { signOut } from '../../client/session.ts';
import { queryClient } from '../query-client.ts';
import { mayOpen, sessionQueries } from '../session.queries.ts';
import { clearUserStorage, userScope } from '../user-storage.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { laterModule, whenIdle } from '../ui/later-module.ts';
import { setToastNavigator } from '../ui/toast-store.ts';
import { usePreloadedToaster } from '../ui/toasts.tsx';
import { laterDialog } from '../ui/later-dialog.ts';
import { EnvironmentBanner, isStaging } from './environment-banner.tsx';
import { AREAS, type Area } from './nav.ts';
import { useLiveEvents } from './live-events.ts';
import { navBadgeOf } from './nav-badges.ts';
import { finishWork, unfinishedWork, useSessionWork, type Unfinished } from './session-work.ts';
import './layout.css';

/** How long sign-out waits for unsent work (decisions) before asking. */
const SIGN_OUT_WAIT_MS = 5_000;

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
  const navigate = useNavigate();
  const groups = [...new Set(areas.map((a) => a.group))];
  // Decisions not yet saved hold sign-out up a little, then the person chooses (ADR 026).
  const [saving, setSaving] = useState(0);
  const [unsent, setUnsent] = useState<Unfinished[]>([]);
  // Loaded when idle, so that it opens offline too: that is when decisions are left unsent.
  const ConfirmDialog = laterDialog.useLoaded(saving > 0 || unsent.length > 0)?.ConfirmDialog;
  useEffect(() => whenIdle(laterDialog.preload), []);
  const leave = async (anyway = false) => {
    const scope = session ? userScope(session) : null;
    let left: Unfinished[] = [];
    if (scope) {
      left = await unfinishedWork(scope);
      if (left.length > 0 && !anyway) {
        setSaving(left.length);
        left = await finishWork(scope, SIGN_OUT_WAIT_MS);
        setSaving(0);
        if (left.length > 0) return setUnsent(left);
      }
    }
    // What this person kept in the browser (review drafts) goes with them, but
    // what unsent work still needs, kept for their next sign-in here.
    const keep = new Set(left.flatMap((work) => work.keep));
    if (scope) clearUserStorage(scope, undefined, (name) => keep.has(name));
    await signOut().catch(() => undefined);
    queryClient.clear();
    navigate('/sign-in', { replace: true });
  };
  return (
    <div className="sidebar">
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
          <Button variant="secondary" onClick={() => void leave()} disabled={saving > 0}>
            {saving > 0
              ? `Saving ${saving} ${saving === 1 ? 'decision' : 'decisions'}…`
              : 'Sign out'}
          </Button>
          {ConfirmDialog && (
            <ConfirmDialog
              open={unsent.length > 0}
              onOpenChange={(open) => !open && setUnsent([])}
              title={`${unsent.length} ${unsent.length === 1 ? 'decision is' : 'decisions are'} not saved yet`}
              description={
                <>
                  The service has not answered for {unsent.map((work) => work.label).join(', ')}.
                  {unsent.length === 1
                    ? ' Stay signed in and it is sent as soon as the service can be reached. Sign out anyway and it stays in this browser, sent when you next sign in here.'
                    : ' Stay signed in and they are sent as soon as the service can be reached. Sign out anyway and they stay in this browser, sent when you next sign in here.'}
                </>
              }
              confirmLabel="Sign out anyway"
              onConfirm={() => {
                setUnsent([]);
                void leave(true);
              }}
            />
          )}
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
      <aside className="sidebar--desktop">
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
