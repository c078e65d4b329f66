import { HttpError } from '@hamlog/infra/http/errors';

function wholeNumber(value: unknown, fallback: number, name: string, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    const message = `The ${name} field must be a whole number from 1 to ${max}.`;
    throw new HttpError(422, message, { [name]: [message] });
  }
  return n;
}

/** `page` (1-based) and `size` of a paged call's JSON body; 422 for anything out of range. */
export function pageParams(body: unknown, defaultSize: number, maxSize: number): { page: number; size: number } {
  const b = (body ?? {}) as { page?: unknown; size?: unknown };
  return { page: wholeNumber(b.page, 1, 'page', 1_000_000), size: wholeNumber(b.size, defaultSize, 'size', maxSize) };
}
