export * from './stats';
export * from './load';
export * from './server';
export * from './users';
export * from './qso';
export * from './prom';
export * from './procfs';
export * from './report';
