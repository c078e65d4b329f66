import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { useLogout } from '@/features/auth/api/logout';
import { BackToMainAccount } from '@/features/sub-accounts/components/back-to-main-account';
import { useBackToMain } from '@/features/sub-accounts/hooks/use-back-to-main';
import { useCurrentUser } from '@/lib/current-user';
import { displayName, useUser } from '@/lib/session';
import { useDarkMode } from '@/lib/theme';
import { stationPath } from '@/utils/qso-format';

/**
 * The signed-in user's dropdown: a disclosure button and a panel of links. Arrow keys, Home
 * and End move between the entries; Escape closes and returns to the button; so does
 * leaving it with Tab.
 */
export function AccountMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  // Opening the menu refreshes the copy kept since sign-in (a role granted since shows its entry).
  useCurrentUser(open);
  const [dark, setDark] = useDarkMode();
  const logout = useLogout();
  const location = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  /**
   * The history entry the menu was opened on. A navigation's render can come after the address
   * has changed (the router renders it in a transition that waits for the page's code), so a
   * menu opened in between must not be closed when that render lands: it closes only when the
   * page moves on from the entry it was opened on.
   */
  const openedOn = useRef<string | null>(null);
  const toggle = (next: boolean) => {
    if (next) openedOn.current = historyEntryKey(location.key);
    setOpen(next);
  };

  // Close on navigation.
  useEffect(() => {
    if (location.key !== openedOn.current) setOpen(false);
  }, [location.key]);

  // Close on a click outside or Escape (focus back on the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  function entries(): HTMLElement[] {
    return Array.from(panelRef.current?.querySelectorAll<HTMLElement>('.menu-item:not([disabled])') ?? []);
  }

  function focusEntry(which: 'first' | 'last' | 1 | -1) {
    const list = entries();
    if (list.length === 0) return;
    const at = list.indexOf(document.activeElement as HTMLElement);
    const index =
      which === 'first' ? 0 : which === 'last' ? list.length - 1 : at < 0 ? 0 : (at + which + list.length) % list.length;
    list[index]?.focus();
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      toggle(true);
      const which = e.key === 'ArrowDown' ? 'first' : 'last';
      requestAnimationFrame(() => focusEntry(which));
    }
  }

  function onPanelKey(e: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, 'first' | 'last' | 1 | -1> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    const move = moves[e.key];
    if (move !== undefined) {
      e.preventDefault();
      focusEntry(move);
    }
  }

  const name = displayName(user);
  const callsign = user?.my_callsign ?? '';
  const subAccounts = user?.sub_accounts ?? [];
  const callsignNote = callsign && callsign !== name ? ` (${callsign})` : '';
  return (
    <div
      className="account-menu"
      ref={rootRef}
      onBlur={(e) => {
        if (open && rootRef.current && !rootRef.current.contains(e.relatedTarget as Node | null) && e.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => toggle(!open)}
        onKeyDown={onButtonKey}
      >
        <Avatar imageName={user?.profile_image_name} callsign={callsign || name} />
        {/* The name comes from the content, so it starts with the text the button shows (WCAG 2.5.3). */}
        <span className="account-name">{name}</span>
        <span className="sr-only">{`${callsignNote}, account menu`}</span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} ref={panelRef} className="account-panel" hidden={!open} onKeyDown={onPanelKey}>
        {user ? (
          <p className="account-who">
            <strong>{user.name || user.my_callsign}</strong>
            {user.name && user.my_callsign ? <span> · {user.my_callsign}</span> : null}
          </p>
        ) : null}
        <ul>
          <li>
            <Link to="/profile" className="menu-item">
              Account/Settings
            </Link>
          </li>
          {callsign ? (
            <li>
              <Link to={stationPath(callsign)} className="menu-item">
                Your Public Profile
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/profile/pictures" className="menu-item">
              Photos
            </Link>
          </li>
          <li>
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              className="menu-item menu-switch"
              onClick={() => setDark(!dark)}
            >
              <span>Dark Mode</span>
              <span className="switch-track" aria-hidden="true">
                <span className="switch-thumb" />
              </span>
            </button>
          </li>
          <li>
            <Link to="/logger" className="menu-item menu-item-strong">
              LOG CONTACTS
            </Link>
          </li>
          <li>
            <Link to="/logs" className="menu-item">
              Logbook
            </Link>
          </li>
          <li>
            <Link to="/awards" className="menu-item">
              Awards
            </Link>
          </li>
          {user?.is_admin ? (
            <li>
              <Link to="/admin/users" className="menu-item">
                Admin
              </Link>
            </li>
          ) : null}
          {subAccounts.length > 0 ? (
            <li>
              <Link to="/account/profiles" className="menu-item">
                Switch Account
              </Link>
            </li>
          ) : null}
          <BackToMainAccountItem />
          <li>
            <button
              type="button"
              className="menu-item"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/**
 * The key of the history entry the browser is on: React Router keeps it in history.state, where
 * it is already the new entry's while a navigation is still rendering. Without one (a memory
 * router), the rendered location's.
 */
function historyEntryKey(rendered: string): string {
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' ? (state as { key?: unknown }).key : undefined;
  return typeof key === 'string' ? key : rendered;
}

/** In a sub-account: 'Back to {main callsign}', before Sign out. */
function BackToMainAccountItem() {
  const { mainCallsign } = useBackToMain();
  return mainCallsign ? (
    <li>
      <BackToMainAccount className="menu-item" />
    </li>
  ) : null;
}
