export * from './admin-stats';
export * from './api-shapes';
