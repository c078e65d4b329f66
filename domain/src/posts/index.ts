export * from './decider';
export * from './validation';
export * from './display';
export * from './captcha';
export * from './api';
