import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CallsignClaimAnswer } from '@/types/api';

export interface ClaimCallsignInput {
  callsign: string;
  /** Only when nobody is signed in: where the decision is mailed. */
  email?: string;
  note: string;
  evidence: File;
}

/** POST /vclaimcallsign (multipart): the claim and its evidence image, for an admin to review. */
export function claimCallsign({ callsign, email, note, evidence }: ClaimCallsignInput): Promise<CallsignClaimAnswer> {
  const form = new FormData();
  form.append('callsign', callsign);
  if (email !== undefined) form.append('email', email);
  form.append('note', note);
  form.append('image', evidence, evidence.name);
  return api.upload<CallsignClaimAnswer>('/vclaimcallsign', form);
}

export function useClaimCallsign() {
  return useMutation({ mutationFn: claimCallsign });
}
