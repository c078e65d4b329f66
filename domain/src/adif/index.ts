export * from './reader';
export * from './writer';
export * from './record-to-qso';
