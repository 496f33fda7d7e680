import { isUuid } from '#domain/shared/field-rules.js';
import type { EventStore } from '#engine';

export const AUDIT_VERIFY_USAGE = 'audit:verify --company <company id>';

/**
 * Recomputes a company's event hash chain from its first link and says whether it holds, or names
 * the first broken link: its number, position, stream, revision, event id and why. Exit code 0 when it holds, 1 when
 * it does not (or the arguments are wrong), 2 when the event store keeps no chain (KurrentDB).
 */
export async function auditVerify(store: EventStore, args: string[]): Promise<number> {
  const at = args.indexOf('--company');
  const companyId = at === -1 ? undefined : args[at + 1];
  if (!companyId || !isUuid(companyId)) {
    console.error(`--company needs a company id (a uuid). ${AUDIT_VERIFY_USAGE}`);
    return 1;
  }
  if (!store.verifyChain) {
    console.error('This event store keeps no hash chain (KurrentDB): nothing to verify.');
    return 2;
  }
  const result = await store.verifyChain(companyId);
  if (!result.broken) {
    console.log(
      result.head
        ? `Event chain of company ${companyId} holds: ${result.checked} links checked. Head: #${result.head.seq} ${result.head.hash}`
        : `Company ${companyId} has no events.`,
    );
    return 0;
  }
  const b = result.broken;
  const where = [
    b.seq && `link #${b.seq}`,
    b.position && `position ${b.position}`,
    b.streamId && `stream ${b.streamId} revision ${b.revision}`,
    b.eventId && `event ${b.eventId}`,
  ]
    .filter(Boolean)
    .join(', ');
  console.log(`Event chain of company ${companyId} is BROKEN at ${where}: ${b.reason}.`);
  console.log(
    result.head
      ? `The ${result.checked} links before it hold (up to #${result.head.seq} ${result.head.hash}).`
      : 'No link before it holds.',
  );
  return 1;
}
