export * from './quota';
