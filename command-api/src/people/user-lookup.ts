/** What the people calls need to know about users, read from the user streams (the command side's source of truth). */
import type { Subscription } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { loadUser } from '../users/accounts';

/** A user id as sent: a non-empty string (or a whole number) of at most 64 characters, else ''. */
export function idField(value: unknown): string {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '';
  return text.length <= 64 ? text : '';
}

export async function userExists(store: EventStore, userId: string): Promise<boolean> {
  return (await loadUser(store, userId)).state !== null;
}

export interface MessageSender {
  callsign: string;
  /** null for none; a sub-account's is its main account's. */
  subscription: Subscription | null;
}

/** The sender's callsign and subscription as the user aggregate holds them, or null for no such user. */
export async function loadMessageSender(store: EventStore, userId: string): Promise<MessageSender | null> {
  const { state } = await loadUser(store, userId);
  if (!state) return null;
  const holder = state.managedById ? (await loadUser(store, state.managedById)).state : state;
  const subscription = holder?.subscription ?? null;
  return { callsign: state.callsign, subscription: subscription && { level: subscription.level, expiryDate: subscription.expiryDate } };
}
