import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

interface Props {
  /** Chart options; a new object re-creates the chart (memoise it). */
  options: ChartOptions;
  /** Columns: x then one per series; a new array updates the chart in place. */
  data: uPlot.AlignedData;
  height: number;
  /** Receives the chart after creation, and null when it is destroyed. */
  onChart?: (chart: uPlot | null) => void;
}

/**
 * A uPlot chart that fills its container's width and follows its resizes. Thin adapter: the
 * chart's behaviour is in its options and hooks.
 */
export function UplotChart({ options, data, height, onChart }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const dataRef = useRef(data);
  const onChartRef = useRef(onChart);
  useEffect(() => {
    onChartRef.current = onChart;
  }, [onChart]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const u = new uPlot({ ...options, width: Math.max(el.clientWidth, 100), height }, dataRef.current, el);
    chart.current = u;
    onChartRef.current?.(u);
    const ro = new ResizeObserver(() => {
      const w = Math.max(el.clientWidth, 100);
      if (w !== u.width) u.setSize({ width: w, height });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
      chart.current = null;
      onChartRef.current?.(null);
    };
  }, [options, height]);

  useEffect(() => {
    if (dataRef.current === data) return;
    dataRef.current = data;
    chart.current?.setData(data);
  }, [data]);

  return <div ref={container} style={{ width: '100%', minWidth: 0 }} />;
}
