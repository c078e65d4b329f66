export * from './live-frames';
