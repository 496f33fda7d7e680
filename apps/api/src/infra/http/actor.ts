import type { CommandMetadata } from '#domain/shared/decider.js';

/** What a controller adds to every command: who acts, for which company, and when. */
export function actorOf(user: { id: string; companyId: string }): CommandMetadata {
  return { companyId: user.companyId, userId: user.id, now: new Date().toISOString() };
}
