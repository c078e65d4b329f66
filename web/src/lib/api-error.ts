/** Any failed API call. status 0 means the request never got an answer (network error). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;

  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors) this.errors = errors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message for a field from a 422 answer, if any. */
  fieldError(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Turn an error answer body into an ApiError. */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  let message = statusText || `Request failed (${status})`;
  let errors: Record<string, string[]> | undefined;
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; errors?: unknown };
    if (typeof b.message === 'string' && b.message) message = b.message;
    else if (typeof b.error === 'string' && b.error) message = b.error;
    if (b.errors && typeof b.errors === 'object') {
      errors = {};
      for (const [field, value] of Object.entries(b.errors as Record<string, unknown>)) {
        if (Array.isArray(value)) errors[field] = value.filter((v): v is string => typeof v === 'string');
        else if (typeof value === 'string') errors[field] = [value];
      }
    }
  } else if (typeof body === 'string' && body.trim()) {
    message = body.trim().slice(0, 300);
  }
  return new ApiError(status, message, errors);
}
