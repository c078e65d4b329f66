export * from './contest';
export * from './built-in-contests';
export * from './validation';
export * from './decider';
export * from './scoring';
export * from './qso-log';
export type { ContestAnswer, ContestsAnswer } from './api';
export * from './rules/index';
export * from './cabrillo/index';
