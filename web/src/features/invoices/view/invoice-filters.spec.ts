import { describe, expect, it } from '@jest/globals';
import { changeQuestion, isDueOnDelivery } from './invoice-display';
import { dateRange, mergeFilters } from '../../../shared/grid/toolbar-filters';
import { numberRange, toolbarFilterModel } from './invoice-filters';

describe('invoice grid toolbar filters', () => {
  it('filters the number range on sequence, either bound alone, whole numbers only', () => {
    expect(numberRange('10', '20')).toEqual({
      filterType: 'number',
      type: 'inRange',
      filter: '10',
      filterTo: '20',
    });
    expect(numberRange('10', '')).toEqual({ filterType: 'number', type: 'greaterThanOrEqual', filter: '10' });
    expect(numberRange('', '20')).toEqual({ filterType: 'number', type: 'lessThanOrEqual', filter: '20' });
    expect(numberRange('20', '10')).toBeNull();
    expect(numberRange('1.5', 'x')).toBeNull();
  });

  it('filters invoice dates by whole days, never past today', () => {
    const today = '2026-03-05';
    expect(dateRange('2026-03-01', '2026-03-05', today)).toEqual({
      filterType: 'date',
      type: 'inRange',
      dateFrom: '2026-03-01',
      dateTo: '2026-03-05',
    });
    expect(dateRange('2026-03-01', '', today)).toEqual({
      filterType: 'date',
      type: 'greaterThanOrEqual',
      dateFrom: '2026-03-01',
    });
    expect(dateRange('', '2026-03-06', today)).toBeNull();
    expect(dateRange('2026-03-05', '2026-03-01', today)).toBeNull();
  });

  it('adds status and customer as sets to the grid filter', () => {
    const extra = toolbarFilterModel(
      {
        statuses: ['paid', 'draft'],
        customerId: 'c-1',
        numberFrom: '',
        numberTo: '',
        dateFrom: '',
        dateTo: '',
      },
      '2026-03-05',
    );
    expect(extra).toEqual({
      status: { filterType: 'set', type: 'in', values: ['paid', 'draft'] },
      customer_id: { filterType: 'set', type: 'in', values: ['c-1'] },
    });
    const grid = {
      startRow: 0,
      endRow: 25,
      filterModel: '{"customer":{"filterType":"text","type":"contains","filter":"bar"}}',
    };
    expect(JSON.parse(mergeFilters(grid, extra).filterModel!)).toEqual({
      customer: { filterType: 'text', type: 'contains', filter: 'bar' },
      ...extra,
    });
    const page: { startRow: number; endRow: number; filterModel?: string } = { startRow: 0, endRow: 25 };
    expect(mergeFilters(page, {})).toEqual({ startRow: 0, endRow: 25 });
  });
});

describe('invoice display', () => {
  it('is due on delivery without a due date or when it is a day or fewer away', () => {
    const today = new Date(2026, 2, 5, 15, 0);
    expect(isDueOnDelivery(null, today)).toBe(true);
    expect(isDueOnDelivery('2026-03-06', today)).toBe(true);
    expect(isDueOnDelivery('2026-03-07', today)).toBe(false);
    // a due date already past shows as the date, as the server answers it
    expect(isDueOnDelivery('2026-03-04', today)).toBe(false);
  });

  it("asks 'Sure you want to change {field} from X to Y?'", () => {
    expect(changeQuestion('status', 'Invoiced', 'Paid')).toBe(
      'Sure you want to change status from Invoiced to Paid?',
    );
  });
});
