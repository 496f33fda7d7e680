import type { CommandMetadata } from '#domain/shared/decider.js';
import type { Clock } from '../clock.js';

/** What a controller adds to every command: who acts, for which company, and when (the server's clock). */
export function actorOf(user: { id: string; companyId: string }, clock: Clock): CommandMetadata {
  return { companyId: user.companyId, userId: user.id, now: clock.nowIso() };
}
