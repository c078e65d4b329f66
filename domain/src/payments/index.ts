export * from './stripe-subscription';
export * from './donations';
export * from './stripe-events';
export * from './checkout';
