import { NavLink } from 'react-router-dom';

/** The admin pages' tabs: the accounts, and the platform over time. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <NavLink to="/admin/users" className="btn btn-chip" end>
        Users
      </NavLink>
      <NavLink to="/admin/stats" className="btn btn-chip" end>
        Analytics
      </NavLink>
    </nav>
  );
}
