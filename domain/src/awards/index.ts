export * from './catalogue';
export * from './award-day';
export * from './subscription-periods';
export * from './daily-awards';
export * from './decider';
export * from './award-log';
