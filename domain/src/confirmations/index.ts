export * from './connections';
export * from './api';
