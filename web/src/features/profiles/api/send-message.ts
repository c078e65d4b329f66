import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SendMessageAnswer, SendMessageRequest } from '@/types/api';

export type { SendMessageRequest };

/**
 * POST /vsendmessage: a direct message (subscribers only); the recipient gets a notification.
 * The client makes message_id once per message written, so a resend is never a second message.
 */
export function sendMessage(input: SendMessageRequest): Promise<SendMessageAnswer> {
  return api.post<SendMessageAnswer>('/vsendmessage', input);
}

export function useSendMessage() {
  return useMutation({ mutationFn: sendMessage });
}
