export * from './api';
export * from './catalogue';
export * from './credits';
export * from './needed';
export * from './progress';
export * from './slots';
export * from './values';
export * from './messages';
