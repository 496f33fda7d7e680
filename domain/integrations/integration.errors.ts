import { errorCatalogue } from '../shared/domain-error.js';

export const INTEGRATION_MESSAGES = {
  historyFailed: 'Error loading sync history!',
  noHistory: 'No invoice sync history found!',
  syncNotFound: 'Sync not found',
  notRunning: 'This sync is not running.',
  wrongKind: 'This sync does not sync that kind of record.',
  interrupted: 'The sync was interrupted (the server stopped) and was not resumed in time.',
  /** The client's specification: a Clover product whose last push to Clover failed */
  cloverNotUpdated: 'has not been updated',
  productNotFound: 'Product not found',
} as const;

/** 'Clover product BAREFOOT MERLOT has not been updated: {why}' (as the client's specification asks). */
export const cloverNotUpdated = (product: string, reason: string | null) =>
  `Clover product ${product} ${INTEGRATION_MESSAGES.cloverNotUpdated}${reason ? `: ${reason}` : '.'}`;

export const integrationError = errorCatalogue({
  SYNC_NOT_FOUND: { kind: 'not_found', message: INTEGRATION_MESSAGES.syncNotFound },
  SYNC_NOT_RUNNING: { kind: 'conflict', message: INTEGRATION_MESSAGES.notRunning },
  SYNC_WRONG_KIND: { kind: 'conflict', message: INTEGRATION_MESSAGES.wrongKind },
});
