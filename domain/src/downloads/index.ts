export * from './releases-feed';
