import { describe, expect, it } from '@jest/globals';
import { fitWidths, oneAtATime, TEXT_FLOOR, type FitColumn } from './fit-columns';

const col = (field: string, width: number, minWidth: number, flex = 0, extra: Partial<FitColumn> = {}) => ({
  field,
  width,
  minWidth,
  flex,
  ...extra,
});
const sum = (widths: Record<string, number>) => Object.values(widths).reduce((a, b) => a + b, 0);

describe('fitWidths', () => {
  it('cuts the widest text first, so a 1,600 px items summary gives way and the actions stay in view', () => {
    const widths = fitWidths(
      [
        col('number', 90, 80),
        col('date', 110, 100),
        col('customer', 240, 130, 1.3),
        col('items', 1670, 110, 1),
        col('actions', 84, 84),
      ],
      700,
    );
    expect(sum(widths)).toBeLessThanOrEqual(700);
    expect(widths).toMatchObject({ number: 90, date: 110, actions: 84 });
    expect(widths.items).toBeLessThan(240);
    expect(widths.customer).toBeGreaterThanOrEqual(130);
  });

  it('then other text columns, then numbers but never below their widest value', () => {
    const widths = fitWidths(
      [
        col('name', 300, 150, 2),
        col('size', 90, 60),
        col('total', 120, 80, 0, { number: true, valueWidth: 100 }),
        col('profit', 110, 80, 0, { number: true, valueWidth: 95 }),
      ],
      150 + 60 + 100 + 95,
    );
    expect(widths).toEqual({ name: 150, size: 60, total: 100, profit: 95 });
  });

  it('gives a value (an amount, a date) its whole width where the grid measured its column narrower', () => {
    const widths = fitWidths(
      [col('customer', 200, 130, 1), col('date', 110, 100, 0, { number: true, valueWidth: 117.4 })],
      330,
    );
    expect(widths).toEqual({ customer: 212, date: 118 });
  });

  it('shares spare room among the flexible columns, in proportion to their flex', () => {
    const widths = fitWidths([col('a', 100, 50), col('b', 100, 50, 1), col('c', 100, 50, 3)], 700);
    expect(widths).toEqual({ a: 100, b: 200, c: 400 });
  });

  it('keeps a width the user chose, and takes text below its minimum down to the floor when nothing else fits', () => {
    const widths = fitWidths([col('a', 500, 100, 1, { fixed: true }), col('b', 300, 120, 1)], 300);
    expect(widths).toEqual({ a: 500, b: TEXT_FLOOR });
  });

  it('takes text below its minimum before the row actions leave the view', () => {
    const widths = fitWidths(
      [
        col('name', 200, 150, 1),
        col('sku', 100, 90),
        col('total', 90, 80, 0, { number: true, valueWidth: 80 }),
        col('actions', 84, 84, 0, { number: false }),
      ],
      400,
    );
    expect(sum(widths)).toBeLessThanOrEqual(400);
    expect(widths.total).toBe(80);
    expect(widths.name).toBeGreaterThanOrEqual(TEXT_FLOOR);
  });
});

describe('Fits one at a time', () => {
  it('runs a fit asked for while one runs after it, once however often it was asked, never beside it', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const releases: (() => void)[] = [];
    const fit = oneAtATime(async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    });
    const first = fit();
    void fit();
    void fit();
    expect(runs).toBe(1);
    releases.shift()!();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
    releases.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('goes on after a fit that failed', async () => {
    let runs = 0;
    const fit = oneAtATime(async () => {
      runs += 1;
      if (runs === 1) throw new Error('the grid went away');
    });
    await fit();
    await fit();
    expect(runs).toBe(2);
  });
});
