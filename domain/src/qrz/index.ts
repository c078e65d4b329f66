export * from './import-window';
