import type Stripe from 'stripe';
import { changeKindOf, PAID_LEVEL, TRIAL_LEVEL, userDecider, userStreamName, verdictOfStripeSubscription, type ChangeSubscription, type UserEvent, type UserState } from '@hamlog/domain';
import type { EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, type Handled } from '../handling/handle-command';
import { loadUser, type Account } from '../users/accounts';
import { fromStripe, subscriptionFacts } from './stripe-client';

export interface Applied {
  outcome: 'subscription' | 'unchanged' | 'pending' | 'no-account';
  handled: Handled<UserEvent, UserState> | null;
}

/**
 * Brings the account's subscription to what Stripe has now for `subscriptionId` (fetched, not
 * taken from the webhook's payload: Stripe does not promise the order of its events, so an old
 * event arriving late must not undo a newer one). The user command decides nothing when nothing
 * changed, so a retry or a second path (the webhook and the upgrade page's check) writes once.
 */
export async function applyStripeSubscription(
  deps: { store: EventStore; stripe: Stripe; now: () => Date },
  userId: string,
  subscriptionId: string,
  metadata: EventMetadata,
): Promise<Applied> {
  const subscription = await fromStripe(() => deps.stripe.subscriptions.retrieve(subscriptionId));
  if (!subscription) return { outcome: 'pending', handled: null };
  const verdict = verdictOfStripeSubscription(subscriptionFacts(subscription));
  if (verdict.kind === 'pending') return { outcome: 'pending', handled: null };
  const at = deps.now().toISOString();
  const command = (account: Account | null): ChangeSubscription | null => {
    if (!account || account.managedById) return null;
    if (verdict.kind === 'subscribed') {
      const { level, expiryDate, paid } = verdict.subscription;
      return { type: 'ChangeSubscription', data: { level, expiryDate, paid, at, change: changeKindOf(account.subscription, deps.now()) } };
    }
    // Only what a payment gave is taken back: an operator's grant of another level stays.
    const level = account.subscription?.level;
    if (level !== PAID_LEVEL && level !== TRIAL_LEVEL) return null;
    return { type: 'ChangeSubscription', data: { level: null, expiryDate: null, paid: false, at, change: verdict.change } };
  };
  const loaded = await loadUser(deps.store, userId);
  if (!loaded.state || loaded.state.managedById) return { outcome: 'no-account', handled: null };
  // Decided again against the latest account on a concurrent write; leaving it as it is decides no event.
  const keep = (account: Account): ChangeSubscription => ({ type: 'ChangeSubscription', data: { ...(account.subscription ?? { level: null, expiryDate: null, paid: false }), at } });
  const handled = await handleCommand(deps.store, userStreamName(userId), userDecider, (account) => command(account) ?? keep(account ?? loaded.state!), metadata, { loaded });
  return { outcome: handled.events.length > 0 ? 'subscription' : 'unchanged', handled };
}
