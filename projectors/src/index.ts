export { Projector, migrateProjection } from './runtime/projector';
export { resetProjection } from './runtime/rebuild';
export type { Projection } from './runtime/projection';
export { logbookProjection } from './logbook/logbook-projection';
export { usersProjection } from './users/users-projection';
import { logbookProjection } from './logbook/logbook-projection';
import { usersProjection } from './users/users-projection';

/** Every read model, by name (the names `npm run rebuild -- <projection>` takes). */
export const projections = { users: usersProjection, logbook: logbookProjection };
