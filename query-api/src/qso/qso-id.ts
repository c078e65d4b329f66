import { HttpError } from '@hamlog/infra/http/errors';

/** The qdo_id field of a JSON body (a 422 when missing or absurd). */
export function qdoIdOf(body: unknown): string {
  const id = (body as { qdo_id?: unknown } | undefined)?.qdo_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw new HttpError(422, 'The qdo id field is required.', { qdo_id: ['The qdo id field is required.'] });
  return id;
}

/** A QSO id from a path: anything but a plausible id is simply not found. */
export function isPlausibleQdoId(id: string): boolean {
  return id.length > 0 && id.length <= 64 && /^[A-Za-z0-9_-]+$/.test(id);
}
