export * from './fields';
export * from './dedupe';
export * from './normalise-input';
export * from './decider';
