import { Migration20261121000100_event_store } from './Migration20261121000100_event_store.js';
import { Migration20261121000200_accounts } from './Migration20261121000200_accounts.js';
import { Migration20261121000300_projections } from './Migration20261121000300_projections.js';

/** Every migration, in order. Listed explicitly: no file discovery at run time. */
export const migrationsList = [
  Migration20261121000100_event_store,
  Migration20261121000200_accounts,
  Migration20261121000300_projections,
];
