/** Reading accounts and their reservations from the event store, and what the auth calls answer. */
import { randomBytes } from 'node:crypto';
import {
  apiSubscription,
  apiUser,
  callsignClaimStreamName,
  claimDecider,
  emailClaimStreamName,
  foldEvents,
  MISSING_PROFILE_IMAGE,
  userDecider,
  userRecordFromState,
  userSeenBy,
  userStreamName,
  type AuthAnswer,
  type Subscription,
  type User,
  type UserCommand,
  type UserEvent,
  type UserState,
} from '@hamlog/domain';
import type { NewSession } from '@hamlog/infra/auth/session-store';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { profileImageNames } from '@hamlog/infra/read-models/photos/queries';
import type { CommandDeps } from '../deps';
import { aggregateStream } from '../handling/handle-command';

export type Account = NonNullable<UserState>;

export const newApiKey = (): string => randomBytes(16).toString('hex');

export function loadUser(store: EventStore, userId: string) {
  return aggregateStream(store, userStreamName(userId), userDecider);
}

export function loadEmailClaim(store: EventStore, email: string) {
  return aggregateStream(store, emailClaimStreamName(email), claimDecider);
}

export function loadCallsignClaim(store: EventStore, callsign: string) {
  return aggregateStream(store, callsignClaimStreamName(callsign), claimDecider);
}

async function accountHeldBy(store: EventStore, claim: Promise<{ state: { userId: string } | null }>): Promise<Account | null> {
  const holder = (await claim).state;
  return holder ? ((await loadUser(store, holder.userId)).state ?? null) : null;
}

export function accountByEmail(store: EventStore, email: string): Promise<Account | null> {
  return accountHeldBy(store, loadEmailClaim(store, email));
}

export function accountByCallsign(store: EventStore, callsign: string): Promise<Account | null> {
  return accountHeldBy(store, loadCallsignClaim(store, callsign));
}

/** Where an account is reached by mail: its own email, or for a sub-account its main account's. */
export async function mailAddressOf(store: EventStore, account: Account): Promise<string> {
  if (account.email || !account.managedById) return account.email;
  return (await loadUser(store, account.managedById)).state?.email ?? '';
}

/** Decides the commands one after another, each against the state the previous ones left. */
export function decideUserCommands(account: Account, commands: UserCommand[]): { events: UserEvent[]; account: Account } {
  let state: Account = account;
  const events: UserEvent[] = [];
  for (const command of commands) {
    const decided = userDecider.decide(command, state);
    events.push(...decided);
    state = foldEvents(userDecider, decided, state) ?? state;
  }
  return { events, account: state };
}

type ViewDeps = Pick<CommandDeps, 'store' | 'pool'>;

/** Profile images are cosmetic: before the photos read model exists (a fresh database), everyone has the default. */
async function profileImages(deps: ViewDeps, userIds: string[]): Promise<Map<string, string>> {
  try {
    return await profileImageNames(deps.pool, userIds);
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return new Map(userIds.map((id) => [id, MISSING_PROFILE_IMAGE]));
    throw error;
  }
}

/**
 * The user as its owner sees it: with its sub-accounts' names, for a sub-account its main
 * account's subscription, and the profile images (default photos) from the photos read model.
 */
export async function accountView(deps: ViewDeps, account: Account, now: Date): Promise<{ user: User; subscription: Subscription }> {
  const [subs, main, images] = await Promise.all([
    Promise.all(account.subAccounts.map(async (s) => (await loadUser(deps.store, s.id)).state)),
    account.managedById ? loadUser(deps.store, account.managedById) : null,
    profileImages(deps, [account.userId, ...account.subAccounts.map((s) => s.id)]),
  ]);
  const subAccounts = account.subAccounts.map((s, i) => ({
    id: s.id,
    // Its own stream's: a sub-account's callsign may have been released to a proven holder (decision 0025).
    callsign: subs[i]?.callsign ?? s.callsign,
    name: subs[i]?.profile.name ?? '',
    profile_image_name: images.get(s.id) ?? '',
  }));
  const record = {
    ...userRecordFromState(account, { subAccounts, mainSubscription: main?.state?.subscription ?? null }),
    profileImageName: images.get(account.userId),
    // The main account's callsign now: it may have changed since the sub-account was added (decision 0025).
    managedByCallsign: main?.state?.callsign ?? account.managedByCallsign,
  };
  return { user: apiUser(record, now), subscription: apiSubscription(record, now) };
}

/**
 * A new session for the account (how it was signed in decides its scope), answered as {token, user,
 * subscription}; the user as that scope sees it.
 */
export async function signIn(deps: ViewDeps & Pick<CommandDeps, 'sessions'>, account: Account, now: Date, session: NewSession): Promise<AuthAnswer> {
  const [{ user, subscription }, token] = await Promise.all([accountView(deps, account, now), deps.sessions.create(account.userId, session)]);
  return { token, user: userSeenBy(session.scope, user), subscription };
}
