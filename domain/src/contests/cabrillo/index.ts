export * from './cabrillo-log';
export * from './cabrillo-freq';
export * from './cabrillo-entry';
export * from './read-cabrillo';
export type { CabrilloExchangeLayout } from './read-qso-line';
export * from './write-cabrillo';
export * from './contest-cabrillo';
export * from './cabrillo-records';
