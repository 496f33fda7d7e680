/**
 * Field rules: one function per input field returning the spec's message when the value breaks the rule, or
 * undefined. The API's DTOs run the same functions (so a form gets every field's message in one 400) and the
 * deciders run them again before deciding (so no command path skips a rule).
 */
export type FieldRule = (value: unknown) => string | undefined;

export interface FieldProblem {
  field: string;
  message: string;
}

/** A UUID written 8-4-4-4-12 in hex (any version), the form every id of ours takes. */
export const isUuid = (value: unknown): boolean =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Required text of at most `max` characters after trimming. */
export const requiredText =
  (message: string, max: number, label: string): FieldRule =>
  (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    if (value.trim().length > max) return `${label} must be at most ${max} characters.`;
    return undefined;
  };

/** Optional text (absent, null or empty is fine) of at most `max` characters after trimming. */
export const optionalText =
  (max: number, label: string): FieldRule =>
  (value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') return `${label} must be text.`;
    if (value.trim().length > max) return `${label} must be at most ${max} characters.`;
    return undefined;
  };

/** Booleans arrive as true/false or, from older clients, 0/1 (as the client's specification asks). */
export function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

export const requiredBoolean =
  (message: string): FieldRule =>
  (value) =>
    toBoolean(value) === undefined ? message : undefined;

export const optionalBoolean =
  (message: string): FieldRule =>
  (value) =>
    value === undefined || toBoolean(value) !== undefined ? undefined : message;

/** Numbers arrive as JSON numbers or, from forms, as decimal text. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

export const wholeNumber =
  (message: string, min: number, max = Number.MAX_SAFE_INTEGER): FieldRule =>
  (value) => {
    const number = toNumber(value);
    return number === undefined || !Number.isInteger(number) || number < min || number > max
      ? message
      : undefined;
  };

/** The W3C HTML e-mail pattern: a local part, @, and a host; the top-level domain is not checked (as the client's specification asks). */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const isEmail = (value: unknown): boolean =>
  typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value.trim());

/** Runs rules over named values and lists every problem, in the order of the rules. */
export function problemsOf(checks: [field: string, rule: FieldRule, value: unknown][]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const [field, rule, value] of checks) {
    const message = rule(value);
    if (message !== undefined) problems.push({ field, message });
  }
  return problems;
}
