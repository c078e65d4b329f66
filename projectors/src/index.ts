export { Projector, migrateProjection } from './runtime/projector';
export { resetProjection } from './runtime/rebuild';
export { type LogFollower } from './runtime/start-projectors';
export { openProjectors } from './service';
export type { Projection } from './runtime/projection';
export { logbookProjection } from './logbook/logbook-projection';
export { usersProjection } from './users/users-projection';
export { LiveCards } from './live-stations/live-cards';
export { projections } from './projections';
