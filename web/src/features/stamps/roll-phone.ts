import { formatDate } from '../../shared/format';
import { formatCount, stampLabel } from './stamp-format';
import type { StampRoll } from './stamps.api';

type RollFacts = Pick<
  StampRoll,
  | 'prefix'
  | 'received_at'
  | 'finished_at'
  | 'stamps'
  | 'stampsCount'
  | 'invoiced_count'
  | 'destroyed_count'
  | 'first_available'
>;

/**
 * The lines a phone shows under a roll's range and state switch, every column of the roll table in words: when it
 * was received (and finished), the stamps left of the roll with those invoiced and destroyed, and the next stamp.
 */
export const rollPhoneLines = (roll: RollFacts): string[] => [
  `Received ${formatDate(roll.received_at)}`,
  ...(roll.finished_at ? [`Finished ${formatDate(roll.finished_at)}`] : []),
  `${formatCount(roll.stamps)} / ${formatCount(roll.stampsCount)} left · ${formatCount(roll.invoiced_count)} invoiced · ${formatCount(roll.destroyed_count)} destroyed`,
  roll.first_available === null
    ? 'No stamp left'
    : `Next stamp ${stampLabel(roll.prefix, roll.first_available)}`,
];
