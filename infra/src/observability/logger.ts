import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; LOG_LEVEL=silent in tests. */
export function createLogger(service: string): Logger {
  return pino({ name: service, level: process.env.LOG_LEVEL ?? 'info', base: { service } });
}
