export * from './api';
export * from './lookup';
export * from './qsos';
export * from './request-body';
export * from './wavelog';
