import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The API's error body: { statusCode, message, details?: [{ field, message }] }. */
export interface ProblemDetail {
  field: string;
  message: string;
}

export interface Problem {
  /** HTTP status, or 0 when no answer came (network, parsing, aborted) */
  status: number;
  message: string;
  details: ProblemDetail[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(' ');
  return '';
}

function detailsOf(value: unknown): ProblemDetail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.message === 'string'
      ? [{ field: typeof item.field === 'string' ? item.field : '', message: item.message }]
      : [],
  );
}

/** Reads an RTK Query error (or any thrown value) into a Problem; null when there is no error. */
export function toProblem(error: FetchBaseQueryError | SerializedError | unknown): Problem | null {
  if (error === null || error === undefined) return null;
  if (isRecord(error) && 'status' in error) {
    const { status } = error;
    if (typeof status === 'number') {
      const data = isRecord(error.data) ? error.data : {};
      return {
        status,
        message: messageOf(data.message) || messageOf(error.data) || messageOf(data.error),
        details: detailsOf(data.details),
      };
    }
    return { status: 0, message: messageOf(error.error), details: [] };
  }
  if (isRecord(error)) return { status: 0, message: messageOf(error.message), details: [] };
  return { status: 0, message: messageOf(error), details: [] };
}

/** 400 (validation, wrong credentials …) and 429 (rate limited) carry a message meant for the user. */
export const hasUserMessage = (problem: Problem | null): problem is Problem =>
  !!problem && (problem.status === 400 || problem.status === 429) && problem.message.length > 0;

/** First message per field from the details list, keyed by the field name the API used. */
export function fieldErrors(problem: Problem | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of problem?.details ?? []) {
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/**
 * Messages for a form's inline error list (as the client's specification asks): the details list, else the response message,
 * else the error's own message, else the fallback.
 */
export function problemMessages(problem: Problem | null, fallback: string): string[] {
  if (!problem) return [];
  if (problem.details.length) return problem.details.map((d) => d.message);
  if (problem.message) return [problem.message];
  return [fallback];
}
