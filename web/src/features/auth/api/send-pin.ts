import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MessageAnswer, SendPinRequest } from '@/types/api';

export type { SendPinRequest };

/** POST /vsendpin: mails a One Time PIN to the account holding the callsign. */
export async function sendPin(input: SendPinRequest): Promise<void> {
  await api.post<MessageAnswer>('/vsendpin', input, { auth: false });
}

export function useSendPin() {
  return useMutation({ mutationFn: sendPin });
}
