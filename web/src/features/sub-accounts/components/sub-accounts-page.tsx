import { Link } from 'react-router-dom';
import { SUB_ACCOUNT_CANNOT_ADD, SUB_ACCOUNTS_EMPTY } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { MESSAGES } from '@/config/messages';
import { useCurrentUser } from '@/lib/current-user';
import { isSubAccount, useUser } from '@/lib/session';
import { useSwitchAccount } from '../hooks/use-switch-account';
import { AddSubAccountForm } from './add-sub-account-form';
import { BackToMainAccount } from './back-to-main-account';

/** /account/profiles: the user's sub-accounts, adding one, and switching into one. */
export function SubAccountsPage() {
  useCurrentUser(); // refresh the stored user: another tab may have added sub-accounts
  const user = useUser();
  const { switchTo, isPending } = useSwitchAccount();
  if (!user) return null;
  const subAccounts = user.sub_accounts ?? [];
  const managed = isSubAccount(user);

  return (
    <section className="page sub-accounts" aria-labelledby="sub-accounts-heading">
      <header className="page-header">
        <h1 id="sub-accounts-heading">{MESSAGES.subAccountsHeading(user.my_callsign)}</h1>
        <div className="page-actions">
          <BackToMainAccount />
          <Link to="/profile" className="btn btn-secondary">
            Account settings
          </Link>
        </div>
      </header>

      {managed ? <Notice tone="warning">{SUB_ACCOUNT_CANNOT_ADD}</Notice> : <AddSubAccountForm owner={user} />}

      {subAccounts.length === 0 ? (
        <p className="empty">{SUB_ACCOUNTS_EMPTY}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <caption className="sr-only">Sub-accounts</caption>
            <thead>
              <tr>
                <th scope="col">Callsign</th>
                <th scope="col">Name</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subAccounts.map((sub) => (
                <tr key={sub.id}>
                  <td>
                    <Link to={`/${encodeURIComponent(sub.callsign)}`}>{sub.callsign}</Link>
                  </td>
                  <td>{sub.name}</td>
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-label={`Login as ${sub.callsign}`}
                      disabled={isPending}
                      onClick={() => switchTo(sub)}
                    >
                      Login
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
