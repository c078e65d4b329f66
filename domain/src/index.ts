export * from './api-types';
export * from './api-user';
