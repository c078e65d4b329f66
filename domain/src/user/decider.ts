/**
 * The user aggregate, stream `user-{userId}`. Uniqueness of email and callsign is kept by the claim
 * streams. A sub-account is a user of its own whose stream starts with ManagedAccountCreated; its
 * main account's stream records SubAccountAdded (decision 0014).
 */
import { assertNever, type Decider, type Message } from '../decider';
import { SubAccountLimitError, SubAccountsNotAllowedError, UserAlreadyRegisteredError, UserNotFoundError, ValidationError } from '../errors';
import * as m from '../messages';
import { validateSubAccountCallsign } from './callsign-rules';
import { EMPTY_PROFILE, sameProfile, type Profile } from './profile';
import { MAX_READ_ONLY_API_KEYS, MAX_SUB_ACCOUNTS } from './quotas';
import { TRIAL_LEVEL } from './subscription';
import { normaliseEmail } from './streams';

export type UserRegistered = Message<
  'UserRegistered',
  { userId: string; email: string; callsign: string; refId: string; apiKey: string; registeredAt: string }
>;
/** The first event of a sub-account: no email and no password of its own. */
export type ManagedAccountCreated = Message<
  'ManagedAccountCreated',
  { userId: string; callsign: string; managedById: string; managedByCallsign: string; apiKey: string; createdAt: string }
>;
export type PasswordSet = Message<'PasswordSet', { passwordHash: string; setAt: string }>;
/** The whole profile after the change. */
export type ProfileUpdated = Message<'ProfileUpdated', { profile: Profile; updatedAt: string }>;
export type EmailChanged = Message<'EmailChanged', { email: string; previousEmail: string; changedAt: string }>;
export type SubAccountAdded = Message<'SubAccountAdded', { subAccountId: string; callsign: string; addedAt: string }>;
export type ApiKeyIssued = Message<'ApiKeyIssued', { apiKey: string; issuedAt: string }>;
/** How a payment changed the subscription (payments/stripe-subscription.ts). */
export type SubscriptionChangeKind = 'started' | 'renewed' | 'expired' | 'cancelled';
/**
 * level null: no subscription. expiryDate null: no end. paid: bought (not granted by an operator).
 * change: how a payment changed it (absent for an operator's change).
 */
export type SubscriptionChanged = Message<
  'SubscriptionChanged',
  { level: string | null; expiryDate: string | null; paid: boolean; changedAt: string; change?: SubscriptionChangeKind }
>;
/** The account's callsign changed: to a claimed one (approved claim) or away from one (released to its proven holder). */
export type UserCallsignChanged = Message<
  'UserCallsignChanged',
  { callsign: string; previousCallsign: string; reason: CallsignChangeReason; claimId: string; changedAt: string }
>;
export type CallsignChangeReason = 'claim-approved' | 'released-to-verified-holder';
/** An admin approved a claim: the account's callsign is proven (decision 0025). */
export type UserCallsignVerified = Message<'UserCallsignVerified', { callsign: string; claimId: string; verifiedAt: string }>;
/** An operator made the account an administrator (the icon on its cards) or took that back. */
export type AdminRoleGranted = Message<'AdminRoleGranted', { grantedAt: string }>;
export type AdminRoleRevoked = Message<'AdminRoleRevoked', { revokedAt: string }>;
/**
 * A read-only API key beside the account's read-write one (decision 0036). `keyId` is the
 * client's id for the request, so a resent create finds the key it made.
 */
export type ReadOnlyApiKeyCreated = Message<'ReadOnlyApiKeyCreated', { keyId: string; apiKey: string; createdAt: string }>;
export type ReadOnlyApiKeyDeleted = Message<'ReadOnlyApiKeyDeleted', { keyId: string; deletedAt: string }>;
export type UserEvent =
  | UserRegistered
  | ManagedAccountCreated
  | PasswordSet
  | ProfileUpdated
  | EmailChanged
  | SubAccountAdded
  | ApiKeyIssued
  | SubscriptionChanged
  | UserCallsignChanged
  | UserCallsignVerified
  | AdminRoleGranted
  | AdminRoleRevoked
  | ReadOnlyApiKeyCreated
  | ReadOnlyApiKeyDeleted;
export const USER_EVENT_TYPES = [
  'UserRegistered',
  'ManagedAccountCreated',
  'PasswordSet',
  'ProfileUpdated',
  'EmailChanged',
  'SubAccountAdded',
  'ApiKeyIssued',
  'SubscriptionChanged',
  'UserCallsignChanged',
  'UserCallsignVerified',
  'AdminRoleGranted',
  'AdminRoleRevoked',
  'ReadOnlyApiKeyCreated',
  'ReadOnlyApiKeyDeleted',
] as const satisfies readonly UserEvent['type'][];

/** `at` is an ISO 8601 UTC timestamp. */
export type RegisterUser = Message<
  'RegisterUser',
  { userId: string; email: string; callsign: string; refId: string; apiKey: string; at: string }
>;
export type CreateManagedAccount = Message<
  'CreateManagedAccount',
  { userId: string; callsign: string; managedById: string; managedByCallsign: string; apiKey: string; at: string }
>;
export type SetPassword = Message<'SetPassword', { passwordHash: string; at: string }>;
export type UpdateProfile = Message<'UpdateProfile', { changes: Partial<Profile>; at: string }>;
export type ChangeEmail = Message<'ChangeEmail', { email: string; at: string }>;
export type AddSubAccount = Message<'AddSubAccount', { subAccountId: string; callsign: string; at: string }>;
export type IssueApiKey = Message<'IssueApiKey', { apiKey: string; at: string }>;
export type ChangeSubscription = Message<
  'ChangeSubscription',
  { level: string | null; expiryDate: string | null; paid: boolean; at: string; change?: SubscriptionChangeKind }
>;
export type ChangeCallsign = Message<'ChangeCallsign', { callsign: string; reason: CallsignChangeReason; claimId: string; at: string }>;
export type VerifyUserCallsign = Message<'VerifyUserCallsign', { claimId: string; at: string }>;
export type GrantAdminRole = Message<'GrantAdminRole', { at: string }>;
export type RevokeAdminRole = Message<'RevokeAdminRole', { at: string }>;
export type CreateReadOnlyApiKey = Message<'CreateReadOnlyApiKey', { keyId: string; apiKey: string; at: string }>;
export type DeleteReadOnlyApiKey = Message<'DeleteReadOnlyApiKey', { keyId: string; at: string }>;
export type UserCommand =
  | RegisterUser
  | CreateManagedAccount
  | SetPassword
  | UpdateProfile
  | ChangeEmail
  | AddSubAccount
  | IssueApiKey
  | ChangeSubscription
  | ChangeCallsign
  | VerifyUserCallsign
  | GrantAdminRole
  | RevokeAdminRole
  | CreateReadOnlyApiKey
  | DeleteReadOnlyApiKey;

export interface SubscriptionState {
  level: string;
  expiryDate: string | null;
  paid: boolean;
}

export type UserState = null | {
  userId: string;
  /** '' for a sub-account. */
  email: string;
  callsign: string;
  /** Proven through an approved claim (decision 0025); every callsign starts unverified. */
  callsignVerified: boolean;
  refId: string;
  apiKey: string;
  registeredAt: string;
  passwordHash: string | null;
  passwordSetAt: string | null;
  profile: Profile;
  managedById: string | null;
  managedByCallsign: string | null;
  subAccounts: { id: string; callsign: string }[];
  subscription: SubscriptionState | null;
  /** Whether the account has ever had the free trial: one per account. */
  trialUsed: boolean;
  isAdmin: boolean;
  /** Read-only API keys, oldest first (the read-write key is apiKey). */
  readOnlyKeys: ReadOnlyApiKey[];
};

export interface ReadOnlyApiKey {
  keyId: string;
  apiKey: string;
  createdAt: string;
}

export function initialUserState(): UserState {
  return null;
}

function existing(state: UserState): NonNullable<UserState> {
  if (state === null) throw new UserNotFoundError();
  return state;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      const { userId, email, callsign, refId, apiKey, at } = command.data;
      if (state !== null) throw new UserAlreadyRegisteredError(state.userId);
      return [{ type: 'UserRegistered', data: { userId, email, callsign, refId, apiKey, registeredAt: at } }];
    }
    case 'CreateManagedAccount': {
      const { userId, callsign, managedById, managedByCallsign, apiKey, at } = command.data;
      // The id is derived from the main account and callsign, so a retry finds its own account.
      if (state !== null) {
        if (state.managedById === managedById) return [];
        throw new UserAlreadyRegisteredError(state.userId);
      }
      return [{ type: 'ManagedAccountCreated', data: { userId, callsign, managedById, managedByCallsign, apiKey, createdAt: at } }];
    }
    case 'SetPassword': {
      if (existing(state).managedById) throw new ValidationError({ password: [m.SUB_ACCOUNT_NO_PASSWORD] });
      return [{ type: 'PasswordSet', data: { passwordHash: command.data.passwordHash, setAt: command.data.at } }];
    }
    case 'UpdateProfile': {
      const current = existing(state);
      const profile = { ...current.profile, ...command.data.changes };
      if (profile.isHam && profile.isSwl) throw new ValidationError({ is_swl: [m.HAM_SWL_EXCLUSIVE] });
      if (sameProfile(profile, current.profile)) return [];
      return [{ type: 'ProfileUpdated', data: { profile, updatedAt: command.data.at } }];
    }
    case 'ChangeEmail': {
      const current = existing(state);
      if (current.managedById) throw new ValidationError({ email: [m.SUB_ACCOUNT_NO_EMAIL] });
      const email = normaliseEmail(command.data.email);
      if (email === current.email) return [];
      return [{ type: 'EmailChanged', data: { email, previousEmail: current.email, changedAt: command.data.at } }];
    }
    case 'AddSubAccount': {
      const current = existing(state);
      if (current.managedById) throw new SubAccountsNotAllowedError();
      const checked = validateSubAccountCallsign(command.data.callsign, {
        callsign: current.callsign,
        subAccountCallsigns: current.subAccounts.map((s) => s.callsign),
      });
      if (!checked.ok) throw new ValidationError(checked.errors);
      if (current.subAccounts.length >= MAX_SUB_ACCOUNTS) throw new SubAccountLimitError(MAX_SUB_ACCOUNTS);
      const { subAccountId, at } = command.data;
      return [{ type: 'SubAccountAdded', data: { subAccountId, callsign: checked.value.callsign, addedAt: at } }];
    }
    case 'IssueApiKey': {
      if (existing(state).apiKey === command.data.apiKey) return [];
      return [{ type: 'ApiKeyIssued', data: { apiKey: command.data.apiKey, issuedAt: command.data.at } }];
    }
    case 'ChangeSubscription': {
      const current = existing(state);
      if (current.managedById) throw new ValidationError({ callsign: [m.SUBSCRIPTION_ON_SUB_ACCOUNT] });
      const { level, expiryDate, paid, at, change } = command.data;
      const now = current.subscription;
      if (level === null ? now === null : now?.level === level && now.expiryDate === expiryDate && now.paid === paid) return [];
      const data = { level, expiryDate: level === null ? null : expiryDate, paid: level !== null && paid, changedAt: at };
      return [{ type: 'SubscriptionChanged', data: change ? { ...data, change } : data }];
    }
    case 'ChangeCallsign': {
      const current = existing(state);
      const { callsign, reason, claimId, at } = command.data;
      if (callsign === current.callsign) return [];
      return [{ type: 'UserCallsignChanged', data: { callsign, previousCallsign: current.callsign, reason, claimId, changedAt: at } }];
    }
    case 'VerifyUserCallsign': {
      const current = existing(state);
      if (current.callsignVerified) return [];
      return [{ type: 'UserCallsignVerified', data: { callsign: current.callsign, claimId: command.data.claimId, verifiedAt: command.data.at } }];
    }
    case 'GrantAdminRole':
      return existing(state).isAdmin ? [] : [{ type: 'AdminRoleGranted', data: { grantedAt: command.data.at } }];
    case 'RevokeAdminRole':
      return existing(state).isAdmin ? [{ type: 'AdminRoleRevoked', data: { revokedAt: command.data.at } }] : [];
    case 'CreateReadOnlyApiKey': {
      const current = existing(state);
      const { keyId, apiKey, at } = command.data;
      if (current.readOnlyKeys.some((key) => key.keyId === keyId)) return [];
      if (current.readOnlyKeys.length >= MAX_READ_ONLY_API_KEYS) throw new ValidationError({ key_id: [m.apiKeyReadOnlyLimit(MAX_READ_ONLY_API_KEYS)] });
      return [{ type: 'ReadOnlyApiKeyCreated', data: { keyId, apiKey, createdAt: at } }];
    }
    case 'DeleteReadOnlyApiKey': {
      const { keyId, at } = command.data;
      return existing(state).readOnlyKeys.some((key) => key.keyId === keyId) ? [{ type: 'ReadOnlyApiKeyDeleted', data: { keyId, deletedAt: at } }] : [];
    }
    default:
      return assertNever(command);
  }
}

const NEW_ACCOUNT = {
  callsignVerified: false,
  refId: '',
  passwordHash: null,
  passwordSetAt: null,
  profile: EMPTY_PROFILE,
  managedById: null,
  managedByCallsign: null,
  subAccounts: [],
  subscription: null,
  trialUsed: false,
  isAdmin: false,
  readOnlyKeys: [],
} as const;

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...NEW_ACCOUNT, ...event.data, subAccounts: [], readOnlyKeys: [] };
    case 'ManagedAccountCreated': {
      const { userId, callsign, managedById, managedByCallsign, apiKey, createdAt } = event.data;
      return { ...NEW_ACCOUNT, userId, email: '', callsign, apiKey, registeredAt: createdAt, managedById, managedByCallsign, subAccounts: [], readOnlyKeys: [] };
    }
    case 'PasswordSet':
      return state && { ...state, passwordHash: event.data.passwordHash, passwordSetAt: event.data.setAt };
    case 'ProfileUpdated':
      return state && { ...state, profile: { ...EMPTY_PROFILE, ...event.data.profile } };
    case 'EmailChanged':
      return state && { ...state, email: event.data.email };
    case 'SubAccountAdded':
      return state && { ...state, subAccounts: [...state.subAccounts, { id: event.data.subAccountId, callsign: event.data.callsign }] };
    case 'ApiKeyIssued':
      return state && { ...state, apiKey: event.data.apiKey };
    case 'SubscriptionChanged': {
      const { level, expiryDate, paid } = event.data;
      return state && { ...state, subscription: level === null ? null : { level, expiryDate, paid }, trialUsed: state.trialUsed || level === TRIAL_LEVEL };
    }
    case 'UserCallsignChanged':
      // A new callsign is unverified until a claim for it is approved.
      return state && { ...state, callsign: event.data.callsign, callsignVerified: false };
    case 'UserCallsignVerified':
      return state && { ...state, callsignVerified: true };
    case 'AdminRoleGranted':
      return state && { ...state, isAdmin: true };
    case 'AdminRoleRevoked':
      return state && { ...state, isAdmin: false };
    case 'ReadOnlyApiKeyCreated': {
      const { keyId, apiKey, createdAt } = event.data;
      return state && { ...state, readOnlyKeys: [...state.readOnlyKeys, { keyId, apiKey, createdAt }] };
    }
    case 'ReadOnlyApiKeyDeleted':
      return state && { ...state, readOnlyKeys: state.readOnlyKeys.filter((key) => key.keyId !== event.data.keyId) };
    default:
      return assertNever(event);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};
