import {
  claimDecider,
  EMAIL_CHANGED_SUBJECT,
  emailChangedText,
  PASSWORD_CHANGED_SUBJECT,
  passwordChangedText,
  emailClaimStreamName,
  userStreamName,
  UserNotFoundError,
  validateProfileForm,
  ValidationError,
  type UserCommand,
} from '@hamlog/domain';
import type { Session } from '@hamlog/infra/auth/session-store';
import type { Slots } from '@hamlog/infra/http/rate-limit';
import type { AppendRequest, AppendResult, EventMetadata } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { toNewEvents } from '../handling/handle-command';
import { retryOnConflict } from '../handling/retry-on-conflict';
import { inTurnOn } from '../handling/stream-queue';
import { decideUserCommands, loadEmailClaim, loadUser, type Account } from './accounts';
import { proveCredentialChange } from './credential-proof';
import { hashPassword, verifyPassword } from './password';

/** Who asks for the change: the caller's session and its token (kept when the others are signed out). */
export interface ProfileCaller {
  userId: string;
  session: Session;
  token: string;
}

/** Tells the address the account had before the change; the change stands even if the mail fails. */
async function tellOldAddress(deps: Pick<CommandDeps, 'accounts' | 'logger'>, before: Account, after: Account, passwordChanged: boolean): Promise<void> {
  if (!before.email) return;
  const mails = [
    ...(after.email !== before.email ? [{ subject: EMAIL_CHANGED_SUBJECT, text: emailChangedText(before.callsign, after.email ?? '') }] : []),
    ...(passwordChanged ? [{ subject: PASSWORD_CHANGED_SUBJECT, text: passwordChangedText(before.callsign) }] : []),
  ];
  for (const mail of mails) {
    await deps.accounts.mailer.send({ to: before.email, ...mail }).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId: before.userId }, 'credential change mail failed');
    });
  }
}

/**
 * The profile form (or, with only password fields, a password change). A new email is claimed
 * and the old one released in the same append as the change, so two accounts never share one.
 * The form is checked against the account (a sub-account has no email or password). A new
 * password or email needs proof (credential-proof.ts), signs out the caller's other sessions
 * before it is written (so a retry after a crash still finds them gone) and is told to the old
 * address.
 */
export async function updateProfile(
  deps: Pick<CommandDeps, 'store' | 'accounts' | 'sessions' | 'logger'>,
  caller: ProfileCaller,
  form: Record<string, unknown>,
  metadata: EventMetadata,
  now: Date,
  takePasswordSlot: () => Promise<Slots>,
): Promise<{ account: Account; appended: AppendResult | null }> {
  const { userId } = caller;
  const currentPassword = typeof form.current_password === 'string' ? form.current_password : '';
  let passwordHash: string | null = null;
  let proven = false;
  return inTurnOn([userStreamName(userId)], () => retryOnConflict(async () => {
    const loaded = await loadUser(deps.store, userId);
    if (!loaded.state) throw new UserNotFoundError();
    const checked = validateProfileForm(form, { isSubAccount: Boolean(loaded.state.managedById) });
    if (!checked.ok) throw new ValidationError(checked.errors);
    const { changes, email, password, clublogPassword } = checked.value;
    const at = now.toISOString();
    const commands: UserCommand[] = [];
    if (Object.keys(changes).length > 0) commands.push({ type: 'UpdateProfile', data: { changes, at } });
    if (email !== null) commands.push({ type: 'ChangeEmail', data: { email, at } });
    // Re-sending the same password (a retry) changes nothing.
    if (password !== null && !(loaded.state.passwordHash && (await verifyPassword(loaded.state.passwordHash, password)))) {
      passwordHash ??= await hashPassword(password);
      commands.push({ type: 'SetPassword', data: { passwordHash, at } });
    }
    const decided = decideUserCommands(loaded.state, commands);
    const passwordChanged = decided.events.some((e) => e.type === 'PasswordSet');
    const credentialsChange = passwordChanged || decided.events.some((e) => e.type === 'EmailChanged');
    if (credentialsChange && !proven) {
      await proveCredentialChange(caller.session, loaded.state, currentPassword, now, takePasswordSlot);
      proven = true;
    }

    const requests: AppendRequest[] = [];
    const moved = decided.events.find((e) => e.type === 'EmailChanged');
    const [newClaim, oldClaim] = moved
      ? await Promise.all([loadEmailClaim(deps.store, moved.data.email), moved.data.previousEmail ? loadEmailClaim(deps.store, moved.data.previousEmail) : null])
      : [null, null];
    if (moved && newClaim) {
      const claimed = claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, newClaim.state);
      requests.push({ streamId: emailClaimStreamName(moved.data.email), events: toNewEvents(claimed, metadata), expectedRevision: newClaim.revision });
    }
    requests.push({ streamId: userStreamName(userId), events: toNewEvents(decided.events, metadata), expectedRevision: loaded.revision });
    if (moved && oldClaim) {
      const released = claimDecider.decide({ type: 'ReleaseEmail', data: { userId } }, oldClaim.state);
      requests.push({ streamId: emailClaimStreamName(moved.data.previousEmail), events: toNewEvents(released, metadata), expectedRevision: oldClaim.revision });
    }

    // The Clublog password is kept outside the log; it is stored before the event that says so.
    if (clublogPassword) await deps.accounts.credentials.set(userId, 'clublog', clublogPassword);
    else if (changes.hasClublogPassword === false) await deps.accounts.credentials.delete(userId, 'clublog');

    if (credentialsChange) await deps.sessions.revokeOthers(userId, caller.token);
    const writes = requests.filter((r) => r.events.length > 0);
    const results = writes.length > 0 ? await deps.store.appendMany(writes) : [];
    const userWrite = results.find((r) => r.streamId === userStreamName(userId)) ?? results[results.length - 1] ?? null;
    if (credentialsChange) await tellOldAddress(deps, loaded.state, decided.account, passwordChanged);
    return { account: decided.account, appended: userWrite };
  }));
}
