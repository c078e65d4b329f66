/** What a refused call answers: its status, a message safe to show, and the messages per field. */
export interface ErrorAnswer {
  status: number;
  message: string;
  errors?: Record<string, string[]>;
}

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error implements ErrorAnswer {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The first message of the first field that has one (what a form shows on top). */
export function firstFieldMessage(errors: Record<string, string[]>): string | undefined {
  return Object.values(errors).find((list) => list.length > 0)?.[0];
}

export function fieldErrors(errors: Record<string, string[]>, message?: string): HttpError {
  return new HttpError(422, message ?? firstFieldMessage(errors) ?? 'The given data was invalid.', errors);
}
