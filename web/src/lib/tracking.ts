import { STORAGE_KEYS } from '../config/app';
import { readStored, writeStored } from './storage';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** This browser's tracking id (the page views' session_id): made once, then remembered. */
export function userTrackingId(): string {
  const stored = readStored(STORAGE_KEYS.userTrackingId);
  if (stored) return stored;
  const id = randomId();
  writeStored(STORAGE_KEYS.userTrackingId, id);
  return id;
}
