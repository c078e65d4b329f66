/** Stream names of the user aggregate and of the reservations that keep emails and callsigns unique. */
import { sha256Hex } from '../sha256';

export const userStreamName = (userId: string): string => `user-${userId}`;

/** The email key: trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** `user-email-{sha256 hex of the lower-cased, trimmed email}`: no address appears in a stream name. */
export const emailClaimStreamName = (email: string): string => `user-email-${sha256Hex(normaliseEmail(email))}`;

export const callsignClaimStreamName = (callsign: string): string => `user-callsign-${callsign.trim().toUpperCase()}`;
