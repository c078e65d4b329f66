export { Projector, migrateProjection } from './runtime/projector';
export { resetProjection } from './runtime/rebuild';
export { startProjectors, type LogFollower } from './runtime/start-projectors';
export type { Projection } from './runtime/projection';
export { logbookProjection } from './logbook/logbook-projection';
export { usersProjection } from './users/users-projection';
export { projections } from './projections';
