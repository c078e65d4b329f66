export * from './event-store';
export * from './message-stream';
export * from './aggregates';
export * from './jobs';
export * from './file-storage';
