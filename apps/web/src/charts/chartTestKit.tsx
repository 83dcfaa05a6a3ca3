import { useEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { vi } from 'vitest';
import type uPlot from 'uplot';
import type { ChartOptions } from './UplotChart';
import { CustomerContext } from '../core/customer/CustomerContext';
import { TEST_CUSTOMER } from '../app/testing/renderApp';

/** A stand-in for a uPlot chart in component tests (happy-dom has no canvas): scales, data, `setScale` calls. */
export interface FakeChart {
  data: uPlot.AlignedData;
  scales: { x: { min?: number; max?: number }; y: { min?: number; max?: number } };
  cursor: { idx: number | null };
  over: HTMLDivElement;
  ctx: { canvas: HTMLCanvasElement };
  setScale: ReturnType<typeof vi.fn>;
  redraw: ReturnType<typeof vi.fn>;
  /** The series as uPlot keeps them: copies of `options.series`, `show` true unless set false. */
  series: uPlot.Series[];
  /** uPlot's `setSeries(index, {show})`: updates `series[index]`. */
  setSeries: ReturnType<typeof vi.fn>;
  options: ChartOptions;
}

/** The fake charts created so far, newest last. */
export const fakeCharts: FakeChart[] = [];

/**
 * Replacement of `UplotChart` for `vi.mock('…/UplotChart', () => fakeUplotModule())`: renders a div,
 * hands a {@link FakeChart} to `onChart`, runs the `ready` hooks and follows data updates.
 */
export function FakeUplotChart(props: {
  options: ChartOptions;
  data: uPlot.AlignedData;
  height: number;
  onChart?: (c: uPlot | null) => void;
}) {
  const { options, data, onChart } = props;
  useEffect(() => {
    const xs = data[0] as ArrayLike<number>;
    const u: FakeChart = {
      data,
      scales: { x: { min: xs[0], max: xs[xs.length - 1] }, y: { min: 0, max: 1 } },
      cursor: { idx: null },
      over: document.createElement('div'),
      ctx: { canvas: document.createElement('canvas') },
      setScale: vi.fn((_key: string, r: { min: number; max: number }) => {
        u.scales.x = { ...r };
      }),
      redraw: vi.fn(),
      series: (options.series ?? []).map((s) => ({ ...s, show: s.show !== false })),
      setSeries: vi.fn((i: number, o: Partial<uPlot.Series>) => Object.assign(u.series[i]!, o)),
      options,
    };
    fakeCharts.push(u);
    options.hooks?.ready?.forEach((h) => (h as (c: unknown) => void)(u));
    onChart?.(u as unknown as uPlot);
    return () => onChart?.(null);
  }, [options]);
  useEffect(() => {
    const u = fakeCharts.at(-1);
    if (u) u.data = data;
  }, [data]);
  return <div data-testid="fake-uplot" data-points={(data[0] as ArrayLike<number>).length} />;
}

/** Renders with antd's App and the test customer (GMT+3: export names and dates on its clock). */
export const renderWithApp = (node: ReactNode) =>
  render(
    <CustomerContext.Provider value={TEST_CUSTOMER}>
      <AntApp>{node}</AntApp>
    </CustomerContext.Provider>,
  );
