export * from './api';
export * from './range';
export * from './decider';
export * from './download-link';
