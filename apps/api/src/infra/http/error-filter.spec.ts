import { BadRequestException } from '@nestjs/common';
import { STORE_UNAVAILABLE, toProblem } from './error-filter.js';

/** An error as the pg driver raises it: a message and the server's SQLSTATE (or Node's socket code). */
const failure = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

/** Named like the KurrentDB client's errors (the filter goes by the class name, not the client's module). */
class NotLeaderError extends Error {}

describe('The error shape', () => {
  describe('when the database or event store fails under a request', () => {
    it.each([
      ['the server shutting down', failure('terminating connection due to administrator command', '57P01')],
      ['a refused connection', failure('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
      ['a connection cut mid-query', failure('Connection terminated unexpectedly')],
      ['no free connection in time', failure('timeout exceeded when trying to connect')],
      ['too many connections', failure('sorry, too many clients already', '53300')],
      ['a deadlock', failure('deadlock detected', '40P01')],
      ['a KurrentDB node that is not the leader', new NotLeaderError('Not leader')],
    ])('answers 503 with a try-again message for %s', (_, error) =>
      expect(toProblem(error)).toEqual({ statusCode: 503, message: STORE_UNAVAILABLE }),
    );
  });

  describe('when the failure is not the store being unavailable', () => {
    it('answers 500 for a statement the server refuses (a bug, not an outage)', () =>
      expect(toProblem(failure('column "x" does not exist', '42703'))).toEqual({
        statusCode: 500,
        message: 'Internal server error',
      }));

    it('answers 500 for an unexpected error', () =>
      expect(toProblem(new TypeError('x is undefined')).statusCode).toBe(500));

    it('keeps a 4xx of the request as it is', () =>
      expect(toProblem(new BadRequestException('Bad thing'))).toEqual({
        statusCode: 400,
        message: 'Bad thing',
      }));
  });
});
