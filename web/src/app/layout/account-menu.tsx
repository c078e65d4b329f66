import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useLogout } from '@/features/auth/api/logout';
import { displayName, useUser } from '@/lib/session';
import { useDarkMode } from '@/lib/theme';

/** The signed-in user's dropdown: a disclosure button and a panel of links. */
export function AccountMenu() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [dark, setDark] = useDarkMode();
  const logout = useLogout();
  const location = useLocation();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close on navigation.
  useEffect(() => setOpen(false), [location.key]);

  // Close on a click outside or Escape (focus back on the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
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

  const name = displayName(user);
  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {(user?.my_callsign || name).slice(0, 2).toUpperCase()}
        </span>
        <span className="account-name">{name}</span>
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={panelId} className="account-panel" hidden={!open}>
        {user ? (
          <p className="account-who">
            <strong>{user.name || user.my_callsign}</strong>
            {user.name && user.my_callsign ? <span> · {user.my_callsign}</span> : null}
          </p>
        ) : null}
        <ul>
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
            <Link to="/profile" className="menu-item">
              Account/Settings
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
