export * from './api-shapes';
export * from './rules';
export * from './entity-dedupe';
export * from './qso-feed';
export * from './globe-arcs';
export * from './feed-card';
export * from './mode-class';
export * from './leaderboards';
