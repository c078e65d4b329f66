export { queryRouter } from './app';
export type { QueryDeps } from './deps';
