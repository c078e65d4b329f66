import type { RequestHandler } from 'express';
import { takeUploadSlot, UploadSlots } from '@hamlog/infra/http/upload-slots';

/**
 * The uploads read whole into memory (photos, a claim's evidence and a post's image: 10 MB at most;
 * QSO recordings and SSTV images: 20 MB): at most 8 at once in the process (160 MB of bodies at the
 * worst), 2 per caller, each read after it has its slot. The rest wait their turn with their
 * bodies unread (32 per caller, 64 in all, 30 s at most), then 429/503 (decision 0048).
 */
const IN_MEMORY = new UploadSlots({ perCaller: 2, total: 8, retryAfterSeconds: 5, waiting: { perCaller: 32, total: 64, ms: 30_000 } });

/** Middleware: the upload's turn before its body is read; a refusal goes on as the error `refusal` makes. */
export function inMemoryUploadSlot(refusal: (status: 429 | 503, message: string) => Error): RequestHandler {
  return takeUploadSlot(IN_MEMORY, refusal);
}
