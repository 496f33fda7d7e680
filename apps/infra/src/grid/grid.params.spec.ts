import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { GridParams } from './grid.params.js';

function problems(query: Record<string, string>): Record<string, string[]> {
  const params = plainToInstance(GridParams, query);
  const errors = validateSync(params, { whitelist: true, forbidNonWhitelisted: true });
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

describe('GridParams', () => {
  it('turns query-string integers into numbers', () => {
    const params = plainToInstance(GridParams, { startRow: '100', endRow: '200', sortModel: '[]' });
    expect(params).toMatchObject({ startRow: 100, endRow: 200, sortModel: '[]' });
    expect(problems({ startRow: '100', endRow: '200', sortModel: '[]', filterModel: '{}' })).toEqual({});
  });

  it.each([
    [{ startRow: '-1', endRow: '10' }, 'startRow', 'startRow must not be less than 0'],
    [{ startRow: '1.5', endRow: '10' }, 'startRow', 'startRow must be an integer number'],
    [{ startRow: '', endRow: '10' }, 'startRow', 'startRow must be an integer number'],
    [{ startRow: '0' }, 'endRow', 'endRow must be an integer number'],
    [{ startRow: '5', endRow: '5' }, 'endRow', 'endRow must be greater than startRow'],
    [{ startRow: '0', endRow: '401' }, 'endRow', 'A page holds at most 400 rows'],
    [{ startRow: '0', endRow: '10', sortModel: '[{' }, 'sortModel', 'sortModel must be a json string'],
    [{ startRow: '0', endRow: '10', filterModel: 'x' }, 'filterModel', 'filterModel must be a json string'],
    [{ startRow: '0', endRow: '10', pageSize: '10' }, 'pageSize', 'property pageSize should not exist'],
  ])('rejects %j', (query, field, message) => {
    expect(problems(query as Record<string, string>)[field]).toContain(message);
  });
});
