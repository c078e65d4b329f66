import type { Request } from 'express';
import { HttpError } from '@hamlog/infra/http/errors';

/** The JSON body as an object (anything else is a 400). */
export function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new HttpError(422, `The ${name} field must be a string.`, { [name]: [`The ${name} field must be a string.`] });
}
