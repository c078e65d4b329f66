export { queryRootRouter, queryRouter } from './app';
export type { QueryDeps } from './deps';
