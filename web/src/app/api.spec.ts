import { describe, expect, it, jest } from '@jest/globals';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { READ_RETRIES, retryingReads } from './api';

const answers = (...statuses: (number | string)[]) => {
  const query = jest.fn(async () => {
    const status = statuses.shift();
    return status === 200 ? { data: 'ok' } : { error: { status, data: null } };
  });
  return query;
};
const call = (type: 'query' | 'mutation') =>
  ({ type, signal: new AbortController().signal }) as unknown as BaseQueryApi;

describe('retryingReads', () => {
  it('tries a read again after a dropped connection or a 503 until it answers', async () => {
    const query = answers('FETCH_ERROR', 503, 200);
    const result = await retryingReads(query as never, 1)('invoice', call('query'), {});
    expect(result).toEqual({ data: 'ok' });
    expect(query).toHaveBeenCalledTimes(3);
  });

  it(`gives up on a read after ${READ_RETRIES} more tries`, async () => {
    const query = answers(503, 503, 503, 503, 503, 200);
    const result = await retryingReads(query as never, 1)('invoice', call('query'), {});
    expect(result.error?.status).toBe(503);
    expect(query).toHaveBeenCalledTimes(READ_RETRIES + 1);
  });

  it('never sends a write twice, and never retries an answer such as 404 or 409', async () => {
    const write = answers(503, 200);
    expect((await retryingReads(write as never, 1)('invoice', call('mutation'), {})).error?.status).toBe(503);
    expect(write).toHaveBeenCalledTimes(1);
    const missing = answers(404, 200);
    expect((await retryingReads(missing as never, 1)('invoice/9', call('query'), {})).error?.status).toBe(
      404,
    );
    expect(missing).toHaveBeenCalledTimes(1);
  });
});
