import { STORAGE_KEYS } from '../config/app';
import { newRequestId as randomId } from './request-id';
import { readStored, writeStored } from './storage';

/** This browser's tracking id (the page views' session_id): made once, then remembered. */
export function userTrackingId(): string {
  const stored = readStored(STORAGE_KEYS.userTrackingId);
  if (stored) return stored;
  const id = randomId();
  writeStored(STORAGE_KEYS.userTrackingId, id);
  return id;
}
