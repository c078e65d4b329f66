import type { Subscription, User } from './api-types';

export interface UserRecord {
  id: string;
  email: string;
  callsign: string;
  name: string;
  apiKey: string;
  hasPassword: boolean;
  createdAt: string;
}

/** The user as every call answers it (the spec's User entity). */
export function apiUser(record: UserRecord): User {
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    my_callsign: record.callsign,
    api_key: record.apiKey,
    profile_image_name: 'missing.JPG',
    eqsl_apikey: null,
    managed_by_id: null,
    managed_by_callsign: null,
    sub_accounts: [],
    subscribed: false,
    paid_subscription: 0,
    has_password: record.hasPassword,
    created_at: record.createdAt,
  };
}

export const FREE_SUBSCRIPTION: Subscription = { level: 'free', expiryDate: null };
