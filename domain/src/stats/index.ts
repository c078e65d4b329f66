export * from './station-stats';
