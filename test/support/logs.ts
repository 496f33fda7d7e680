import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';

/**
 * Captures what the server logs at error level (a 5xx answer's stack, a failed background job) instead of printing
 * it, for a test that causes such an error on purpose: it stays quiet and asserts the error was logged.
 */
export function captureServerErrors(): { messages(): string[]; restore(): void } {
  const spy = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
  return {
    messages: () => spy.mock.calls.map(([message]) => String(message)),
    restore: () => spy.mockRestore(),
  };
}
