export * from './rig-mode';
export * from './rig-report';
export * from './decider';
export * from './rig-state';
