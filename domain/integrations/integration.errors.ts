import { errorCatalogue } from '../shared/domain-error.js';

export const INTEGRATION_MESSAGES = {
  historyFailed: 'Error loading sync history!',
  noHistory: 'No invoice sync history found!',
  syncNotFound: 'Sync not found',
  notRunning: 'This sync is not running.',
  wrongKind: 'This sync does not sync that kind of record.',
  interrupted: 'The sync was interrupted (the server stopped) and was not resumed in time.',
} as const;

export const integrationError = errorCatalogue({
  SYNC_NOT_FOUND: { kind: 'not_found', message: INTEGRATION_MESSAGES.syncNotFound },
  SYNC_NOT_RUNNING: { kind: 'conflict', message: INTEGRATION_MESSAGES.notRunning },
  SYNC_WRONG_KIND: { kind: 'conflict', message: INTEGRATION_MESSAGES.wrongKind },
});
