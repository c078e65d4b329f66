import type { UpsertAnswer } from '@/types/api';

/** What the upsert answer means for the user: a new contact, a resend, or a correction of a logged one. */
export function loggedStatus(call: string, answer: Pick<UpsertAnswer, 'duplicate' | 'updated'> | undefined): string {
  if (answer?.updated) return `${call} was already logged; it has been updated with your changes.`;
  if (answer?.duplicate) return `${call} was already logged.`;
  return `Logged ${call}.`;
}
