import { describe, expect, it } from '@jest/globals';
import { fieldErrors, hasUserMessage, problemMessages, toProblem } from './problem';

describe('server problems', () => {
  const validation = {
    status: 400,
    data: {
      statusCode: 400,
      message: 'Validation failed',
      details: [
        { field: 'name', message: 'name is required' },
        { field: 'zip', message: 'zip is required' },
        { field: 'name', message: 'name is too short' },
      ],
    },
  };

  it('reads status, message and details from an API error', () =>
    expect(toProblem(validation)).toEqual({
      status: 400,
      message: 'Validation failed',
      details: validation.data.details,
    }));

  it('keeps the first message per field', () =>
    expect(fieldErrors(toProblem(validation))).toEqual({ name: 'name is required', zip: 'zip is required' }));

  it('lists the details, else the message, else the fallback', () => {
    expect(problemMessages(toProblem(validation), 'Something went wrong')).toEqual([
      'name is required',
      'zip is required',
      'name is too short',
    ]);
    expect(problemMessages(toProblem({ status: 409, data: { message: 'Duplicate' } }), 'x')).toEqual([
      'Duplicate',
    ]);
    expect(problemMessages(toProblem({ status: 500, data: '' }), 'Something went wrong')).toEqual([
      'Something went wrong',
    ]);
  });

  it('joins a list message (class-validator style)', () =>
    expect(toProblem({ status: 400, data: { message: ['a is bad', 'b is bad'] } })?.message).toBe(
      'a is bad b is bad',
    ));

  it('reads network failures as status 0', () =>
    expect(toProblem({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 0,
      message: 'TypeError: Failed to fetch',
      details: [],
    }));

  it('treats 400 and 429 messages as meant for the user, nothing else', () => {
    expect(hasUserMessage(toProblem({ status: 400, data: { message: 'Wrong password' } }))).toBe(true);
    expect(hasUserMessage(toProblem({ status: 429, data: { message: 'Slow down' } }))).toBe(true);
    expect(hasUserMessage(toProblem({ status: 500, data: { message: 'Internal server error' } }))).toBe(
      false,
    );
    expect(hasUserMessage(toProblem({ status: 429, data: '' }))).toBe(false);
    expect(hasUserMessage(null)).toBe(false);
  });
});
