export * from './fields';
export * from './dedupe';
export * from './normalise-input';
export * from './decider';
export * from './media';
export * from './history';
export * from './share-text';
export * from './qso-log';
