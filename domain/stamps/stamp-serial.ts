/**
 * A stamp serial as people type or paste it: printed on the stamp as the roll's prefix followed by the number
 * ("TX4210067"), sometimes with a space or a dash between them ("TX 4210067", "tx-4210067"), or the bare number for
 * a roll without a prefix. Pure: the reader of the rolls decides which reading names a real stamp.
 */
export interface SerialReading {
  prefix: string;
  number: number;
}

/** Stamp numbers are whole numbers of at most ten digits. */
const MAX_DIGITS = 10;
/** A prefix is at most 20 letters, digits, spaces or dashes (as a roll's). */
const PREFIX = /^[A-Z0-9 -]{0,20}$/;

/**
 * Every way to read a serial as prefix + number, the likeliest first: the longest run of final digits is the number
 * and what stands before it the prefix (its trailing space or dash dropped); then shorter numbers, for prefixes that
 * end with digits ("A1" + "000123"). Empty when the text is no serial at all.
 */
export function serialReadings(text: string): SerialReading[] {
  const serial = text.trim().toUpperCase();
  const digits = /\d+$/.exec(serial)?.[0] ?? '';
  const readings: SerialReading[] = [];
  for (let length = Math.min(digits.length, MAX_DIGITS); length >= 1; length--) {
    const number = Number(serial.slice(serial.length - length));
    const prefix = serial
      .slice(0, serial.length - length)
      .replace(/[\s-]+$/, '')
      .trim();
    if (number < 1 || !PREFIX.test(prefix)) continue;
    if (!readings.some((r) => r.prefix === prefix && r.number === number)) readings.push({ prefix, number });
  }
  return readings;
}

/**
 * The number of a stamp of a known roll, typed bare ("1005") or as printed with the roll's prefix ("AB1005",
 * "ab 1005"); null when it is neither.
 */
export function stampNumberOf(text: string, rollPrefix = ''): number | null {
  const prefix = rollPrefix.trim().toUpperCase();
  return (
    serialReadings(text).find((r) => r.prefix === '' || r.prefix === prefix)?.number ??
    (/^\s*0+\s*$/.test(text) ? 0 : null)
  );
}
