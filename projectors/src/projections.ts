import { logbookProjection } from './logbook/logbook-projection';
import { usersProjection } from './users/users-projection';

/** Every read model, by name (the names `npm run rebuild -- <projection>` takes). */
export const projections = { users: usersProjection, logbook: logbookProjection };
