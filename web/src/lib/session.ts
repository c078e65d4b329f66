import { isAnsweredSubscriptionInForce } from '@hamlog/domain/user/subscription';
import { atom, useAtomValue } from 'jotai';
import { STORAGE_KEYS } from '../config/app';
import type { AuthAnswer, Subscription, User } from '../types/api';
import { store } from './store';
import { readStored, readStoredJson, writeStored } from './storage';

/**
 * The signed-in session: the bearer token and what the server said about the user when
 * the token was issued. Kept in localStorage (keys `token`, `user`, `subscription`) so a
 * reload stays signed in, and mirrored in a jotai atom so the UI follows it.
 */
export interface Session {
  token: string;
  user: User | null;
  subscription: Subscription | null;
}

function loadSession(): Session | null {
  const token = readStored(STORAGE_KEYS.token);
  if (!token) return null;
  return {
    token,
    user: readStoredJson<User>(STORAGE_KEYS.user),
    subscription: readStoredJson<Subscription>(STORAGE_KEYS.subscription),
  };
}

function persistSession(session: Session | null): void {
  writeStored(STORAGE_KEYS.token, session?.token ?? null);
  writeStored(STORAGE_KEYS.user, session?.user ? JSON.stringify(session.user) : null);
  writeStored(
    STORAGE_KEYS.subscription,
    session?.subscription ? JSON.stringify(session.subscription) : null,
  );
}

const baseSessionAtom = atom<Session | null>(loadSession());

/** Read: the current session (or null). Write: replace it and persist it. */
export const sessionAtom = atom(
  (get) => get(baseSessionAtom),
  (_get, set, next: Session | null) => {
    persistSession(next);
    set(baseSessionAtom, next);
  },
);

/**
 * True while a sign-out is moving to /login?logout=success, so that route guards do not
 * race it with their own redirect.
 */
export const signingOutAtom = atom(false);

export function getSession(): Session | null {
  return store.get(sessionAtom);
}

export function startSession(answer: AuthAnswer): void {
  store.set(sessionAtom, {
    token: answer.token,
    user: answer.user ?? null,
    subscription: answer.subscription ?? null,
  });
}

/** Replace (part of) the stored user, e.g. after a profile change. */
export function updateSessionUser(patch: Partial<User>): void {
  const current = store.get(sessionAtom);
  if (!current?.user) return;
  store.set(sessionAtom, { ...current, user: { ...current.user, ...patch } });
}

/** The subscription changed (e.g. the status poll says so). */
export function updateSessionSubscription(subscription: Subscription | null): void {
  const current = store.get(sessionAtom);
  if (!current) return;
  if (JSON.stringify(current.subscription) === JSON.stringify(subscription)) return;
  store.set(sessionAtom, { ...current, subscription });
}

export function clearSession(): void {
  store.set(mainSessionAtom, null);
  store.set(sessionAtom, null);
}

/**
 * While switched into a sub-account, the main account's own session is kept here (never sent to
 * the server with the sub-account's), so 'Back to {callsign}' can return to it (decision 0026).
 */
const baseMainSessionAtom = atom<Session | null>(readStoredJson<Session>(STORAGE_KEYS.mainSession));
const mainSessionAtom = atom(
  (get) => get(baseMainSessionAtom),
  (_get, set, next: Session | null) => {
    writeStored(STORAGE_KEYS.mainSession, next ? JSON.stringify(next) : null);
    set(baseMainSessionAtom, next);
  },
);

export function getMainSession(): Session | null {
  return store.get(mainSessionAtom);
}

export function useMainSession(): Session | null {
  return useAtomValue(mainSessionAtom);
}

/** Switch into a sub-account, keeping the main account's session (the first one switched from). */
export function startSubAccountSession(answer: AuthAnswer): void {
  const current = getSession();
  if (!getMainSession() && current && !isSubAccount(current.user)) store.set(mainSessionAtom, current);
  startSession(answer);
}

/** Back from a sub-account to the kept main account's session; false when none is kept. */
export function returnToMainSession(): boolean {
  const main = getMainSession();
  if (!main) return false;
  store.set(mainSessionAtom, null);
  store.set(sessionAtom, main);
  return true;
}

/** Another tab signed in or out: follow it. */
export function followSessionAcrossTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user) {
      store.set(baseSessionAtom, loadSession());
    }
    if (e.key === null || e.key === STORAGE_KEYS.mainSession) {
      store.set(baseMainSessionAtom, readStoredJson<Session>(STORAGE_KEYS.mainSession));
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function useSession(): Session | null {
  return useAtomValue(sessionAtom);
}

export function useUser(): User | null {
  return useSession()?.user ?? null;
}

/** What to call the signed-in user in the header: name, else callsign. */
export function displayName(user: User | null): string {
  return user?.name?.trim() || user?.my_callsign || 'Account';
}

/**
 * A subscriber: the subscription (kept current by the status poll) is in force by the domain's
 * rule (a level other than 'free', not expired); without one, the user's own flag from sign-in decides.
 */
export function isSubscriber(session: Session | null, now: Date = new Date()): boolean {
  if (!session) return false;
  if (!session.subscription) return session.user?.subscribed === true;
  return isAnsweredSubscriptionInForce(session.subscription, now);
}

/** A sub-account is managed by another (main) account and cannot add sub-accounts itself. */
export function isSubAccount(user: Pick<User, 'managed_by_id'> | null | undefined): boolean {
  const manager = user?.managed_by_id;
  return manager !== null && manager !== undefined && manager !== '' && String(manager) !== '0';
}

export function useIsSubscriber(): boolean {
  return isSubscriber(useSession());
}
