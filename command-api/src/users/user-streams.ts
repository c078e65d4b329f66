import { createHash } from 'node:crypto';

export const userStreamId = (userId: string) => `user-${userId}`;
/** Reservation streams: the first claim of an email or callsign wins (expected revision no_stream). */
export const emailStreamId = (email: string) => `email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
export const callsignStreamId = (callsign: string) => `callsign-${callsign.trim().toUpperCase()}`;
