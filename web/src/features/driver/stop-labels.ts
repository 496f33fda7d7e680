import type { DriverStop } from '#domain/contracts/route.contract';
import type { StopLocal } from './outbox';

export const STATUS_LABELS: Record<DriverStop['status'], string> = {
  planned: 'To deliver',
  delivered: 'Delivered',
  partially_delivered: 'Partly delivered',
  refused: 'Refused',
  skipped: 'Skipped',
};

/** The stop's status as the driver reads it, with what the outbox still has to do. */
export function stopStatusText(stop: DriverStop, local: StopLocal | undefined): string {
  if (local?.state === 'attention') return 'Needs attention';
  const status = STATUS_LABELS[stop.status];
  return local?.state === 'waiting' ? `${status} — waiting to send` : status;
}

export const stopColor = (stop: DriverStop, local: StopLocal | undefined) =>
  local?.state === 'attention'
    ? ('error' as const)
    : stop.status === 'planned'
      ? ('default' as const)
      : stop.status === 'skipped' || stop.status === 'refused'
        ? ('warning' as const)
        : ('success' as const);
