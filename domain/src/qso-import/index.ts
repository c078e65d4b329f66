export * from './api';
export * from './decider';
