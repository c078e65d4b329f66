import { MISSING_PROFILE_IMAGE, type SubAccountSummary, type Subscription, type User } from './api-types';
import { EMPTY_PROFILE, profileToApi, type Profile } from './user/profile';
import { FREE_LEVEL, isSubscriptionActive } from './user/subscription';
import type { UserState } from './user/decider';

export interface SubscriptionRecord {
  level: string;
  expiryDate: string | null;
  paid: boolean;
}

/** A user as both sides know it: the command side from the streams, the query side from rm_users. */
export interface UserRecord {
  id: string;
  email: string;
  callsign: string;
  /** Proven through an approved claim (decision 0025). */
  callsignVerified?: boolean;
  /** Granted on the command line (README); opens the admin pages. */
  isAdmin?: boolean;
  name: string;
  apiKey: string;
  hasPassword: boolean;
  createdAt: string;
  profile?: Profile;
  profileImageName?: string;
  managedById?: string | null;
  managedByCallsign?: string | null;
  /** The user's own subscription, or for a sub-account its main account's. */
  subscription?: SubscriptionRecord | null;
  subAccounts?: SubAccountSummary[];
}

export const FREE_SUBSCRIPTION: Subscription = { level: FREE_LEVEL, expiryDate: null };

/** The answers' `subscription`: the level in force, or free. */
export function apiSubscription(record: Pick<UserRecord, 'subscription'>, now: Date = new Date()): Subscription {
  const subscription = record.subscription ?? null;
  return subscription && isSubscriptionActive(subscription, now)
    ? { level: subscription.level, expiryDate: subscription.expiryDate }
    : FREE_SUBSCRIPTION;
}

/** The user as every call answers it to its owner (the spec's User entity); no password hash, ever. */
export function apiUser(record: UserRecord, now: Date = new Date()): User {
  const profile = { ...EMPTY_PROFILE, ...record.profile, name: record.profile?.name || record.name };
  const managedByCallsign = record.managedByCallsign ?? null;
  const subscribed = isSubscriptionActive(record.subscription ?? null, now);
  return {
    ...profileToApi(profile),
    id: record.id,
    email: record.email,
    my_callsign: record.callsign,
    callsign_verified: record.callsignVerified ?? false,
    is_admin: record.isAdmin ?? false,
    api_key: record.apiKey,
    profile_image_name: record.profileImageName || MISSING_PROFILE_IMAGE,
    eqsl_apikey: profile.eqslApikey,
    managed_by_id: record.managedById ?? null,
    managed_by_callsign: managedByCallsign,
    managed_by_call: managedByCallsign,
    main_account: managedByCallsign,
    sub_accounts: record.subAccounts ?? [],
    subscribed,
    paid_subscription: subscribed && record.subscription?.paid && !record.managedById ? 1 : 0,
    has_password: record.hasPassword,
    created_at: record.createdAt,
    clublog_password: '',
  };
}

/**
 * The record of a user from its stream's state. `related` brings what other streams hold: the
 * sub-accounts' names and, for a sub-account, its main account's subscription.
 */
export function userRecordFromState(
  state: NonNullable<UserState>,
  related: { subAccounts?: SubAccountSummary[]; mainSubscription?: SubscriptionRecord | null } = {},
): UserRecord {
  return {
    id: state.userId,
    email: state.email,
    callsign: state.callsign,
    callsignVerified: state.callsignVerified,
    isAdmin: state.isAdmin,
    name: state.profile.name,
    apiKey: state.apiKey,
    hasPassword: Boolean(state.passwordHash),
    createdAt: state.registeredAt,
    profile: state.profile,
    managedById: state.managedById,
    managedByCallsign: state.managedByCallsign,
    subscription: state.managedById ? (related.mainSubscription ?? null) : state.subscription,
    subAccounts:
      related.subAccounts ??
      state.subAccounts.map((s) => ({ id: s.id, callsign: s.callsign, name: '', profile_image_name: MISSING_PROFILE_IMAGE })),
  };
}
