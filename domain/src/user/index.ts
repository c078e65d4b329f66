export * from './streams';
export * from './validation';
export * from './decider';
export * from './claims';
export * from './callsign-rules';
export * from './profile';
export * from './profile-form';
export * from './subscription';
