import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutAnswer, PaymentPendingAnswer, PaymentsConfigAnswer, PaymentVerifyAnswer, SupportersAnswer } from '@hamlog/domain/payments/checkout';
import { api } from '@/lib/api-client';
import { useUser } from '@/lib/session';

export type { CheckoutAnswer, PaymentPendingAnswer, PaymentsConfigAnswer, PaymentVerifyAnswer, SupportersAnswer };

/** GET /stripe/config: whether payments are on here, the free trial's length and whether the signed-in account may still have it. */
export function usePaymentsConfig() {
  const userId = useUser()?.id ?? null;
  return useQuery(
    queryOptions({
      queryKey: ['payments-config', userId],
      queryFn: () => api.get<PaymentsConfigAnswer>('/stripe/config', { auth: userId !== null }),
      staleTime: 60_000,
    }),
  );
}

/** Leaves the app for Stripe's checkout page (an object so component tests can record it: jsdom does not navigate). */
export const checkoutNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};

function goToCheckout(answer: CheckoutAnswer): void {
  checkoutNavigation.go(answer.url);
}

/** POST /stripe/checkout: a Checkout Session for the subscription or the free trial. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (kind: 'subscription' | 'trial') => api.post<CheckoutAnswer>('/stripe/checkout', { kind }),
    onSuccess: goToCheckout,
  });
}

/** POST /stripe/donate: a one-off payment of `amount` pounds. */
export function useDonate() {
  return useMutation({
    mutationFn: (input: { amount: string; listed: boolean }) => api.post<CheckoutAnswer>('/stripe/donate', input),
    onSuccess: goToCheckout,
  });
}

/** POST /stripe/verify-session/{id}: the subscription once Stripe has the checkout complete, else pending. */
export function verifySession(sessionId: string): Promise<PaymentVerifyAnswer | PaymentPendingAnswer> {
  return api.post<PaymentVerifyAnswer | PaymentPendingAnswer>(`/stripe/verify-session/${encodeURIComponent(sessionId)}`);
}

/** GET /vsupporters: the listed donors. */
export function useSupporters() {
  return useQuery(
    queryOptions({
      queryKey: ['supporters'],
      queryFn: () => api.get<SupportersAnswer>('/vsupporters', { auth: false }),
      staleTime: 60_000,
    }),
  );
}
