export * from './entry-decider';
export * from './api';
