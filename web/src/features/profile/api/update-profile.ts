import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UpdatePasswordRequest } from '@/types/api';

export type { UpdatePasswordRequest };

export function updateProfile(input: UpdatePasswordRequest): Promise<unknown> {
  return api.post<unknown>('/vupdateprofile', input);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
