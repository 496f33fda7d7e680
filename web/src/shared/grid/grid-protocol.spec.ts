import { describe, expect, it } from '@jest/globals';
import type { GridFilterModel } from '@mui/x-data-grid';
import { toExportQuery, toFilterModel, toGridQuery, toSortModel, type ProtocolColumn } from './grid-protocol';

const columns: ProtocolColumn[] = [
  { field: 'customer', type: 'string' },
  { field: 'start', type: 'number' },
  { field: 'logged_at', type: 'date' },
  { field: 'created_at', type: 'dateTime' },
  { field: 'kind', type: 'singleSelect' },
  { field: 'note' },
];

describe('grid protocol', () => {
  describe('paging', () => {
    it('asks for the rows of the page shown: startRow inclusive, endRow exclusive', () => {
      expect(
        toGridQuery(
          { paginationModel: { page: 2, pageSize: 25 }, sortModel: [], filterModel: { items: [] } },
          columns,
        ),
      ).toEqual({ startRow: 50, endRow: 75 });
    });
  });

  describe('sorting', () => {
    it('sends the sort as [{ colId, sort }], leaving out cleared sorts', () => {
      expect(
        toSortModel([
          { field: 'logged_at', sort: 'desc' },
          { field: 'customer', sort: null },
        ]),
      ).toEqual([{ colId: 'logged_at', sort: 'desc' }]);
    });

    it('leaves the sort to the server when there is none', () => {
      expect(toExportQuery([], { items: [] }, columns)).toEqual({});
    });
  });

  describe('filtering', () => {
    it('maps text, number, date and select filters onto the protocol names', () => {
      const model = (field: string, operator: string, value?: unknown) =>
        toFilterModel({ items: [{ id: 1, field, operator, value }] }, columns);

      expect(model('customer', 'contains', 'bar')).toEqual({
        customer: { filterType: 'text', type: 'contains', filter: 'bar' },
      });
      expect(model('customer', 'doesNotEqual', 'x')).toEqual({
        customer: { filterType: 'text', type: 'notEqual', filter: 'x' },
      });
      expect(model('note', 'isEmpty')).toEqual({ note: { filterType: 'text', type: 'blank' } });
      expect(model('start', '>=', 1000)).toEqual({
        start: { filterType: 'number', type: 'greaterThanOrEqual', filter: '1000' },
      });
      expect(model('logged_at', 'onOrAfter', new Date(2026, 2, 5, 23, 30))).toEqual({
        logged_at: { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: '2026-03-05' },
      });
      expect(model('created_at', 'is', '2026-03-05')).toEqual({
        created_at: { filterType: 'date', type: 'equals', dateFrom: '2026-03-05' },
      });
      expect(model('kind', 'is', 'destroyed')).toEqual({
        kind: { filterType: 'set', type: 'in', values: ['destroyed'] },
      });
      expect(model('kind', 'isAnyOf', ['received', { value: 'restored', label: 'Restored' }])).toEqual({
        kind: { filterType: 'set', type: 'in', values: ['received', 'restored'] },
      });
      expect(model('kind', 'not', 'received')).toEqual({
        kind: { filterType: 'text', type: 'notEqual', filter: 'received' },
      });
    });

    it('leaves out conditions still waiting for a value, and unknown columns', () => {
      expect(
        toFilterModel(
          {
            items: [
              { id: 1, field: 'customer', operator: 'contains', value: '' },
              { id: 2, field: 'start', operator: '=', value: undefined },
              { id: 3, field: 'start', operator: '=', value: Number.NaN },
              { id: 4, field: 'kind', operator: 'isAnyOf', value: [] },
              { id: 5, field: 'nope', operator: 'contains', value: 'x' },
            ],
          },
          columns,
        ),
      ).toBeUndefined();
    });

    it('combines conditions on one column with the logic operator', () => {
      expect(
        toFilterModel(
          {
            logicOperator: 'or' as GridFilterModel['logicOperator'],
            items: [
              { id: 1, field: 'start', operator: '<', value: 10 },
              { id: 2, field: 'start', operator: '>', value: 90 },
            ],
          },
          columns,
        ),
      ).toEqual({
        start: {
          filterType: 'number',
          operator: 'OR',
          conditions: [
            { filterType: 'number', type: 'lessThan', filter: '10' },
            { filterType: 'number', type: 'greaterThan', filter: '90' },
          ],
        },
      });
    });

    it('lets a column override its filter type', () => {
      expect(
        toFilterModel({ items: [{ id: 1, field: 'note', operator: 'equals', value: 'a' }] }, columns, {
          filterTypes: { note: 'set' },
        }),
      ).toEqual({ note: { filterType: 'set', type: 'in', values: ['a'] } });
    });

    it('sends the models as JSON text', () => {
      expect(
        toExportQuery(
          [{ field: 'logged_at', sort: 'desc' }],
          { items: [{ id: 1, field: 'customer', operator: 'equals', value: 'Bar One' }] },
          columns,
        ),
      ).toEqual({
        sortModel: '[{"colId":"logged_at","sort":"desc"}]',
        filterModel: '{"customer":{"filterType":"text","type":"equals","filter":"Bar One"}}',
      });
    });
  });
});
