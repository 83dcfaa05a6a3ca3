import { useMemo } from 'react';
import type uPlot from 'uplot';
import { axisStyle, useChartTheme } from '../../../charts/chartTheme';
import { UplotChart, type ChartOptions } from '../../../charts/UplotChart';

interface Props {
  x: readonly number[];
  y: readonly number[];
  xLabel: string;
  yLabel: string;
  /** Name of the series in the legend. */
  seriesLabel: string;
  /** Multiplier of `x` for display (e.g. 1000 for s → ms). */
  xFactor?: number;
  /** Decimals of the x value in the legend. */
  xDecimals?: number;
  /** Lower and upper y bound, e.g. [-1, 1] for a correlation; auto-ranged otherwise. */
  yRange?: [number, number];
  testId: string;
  height?: number;
}

/**
 * A plain line chart of one series (cepstrum, autocorrelation): drag to zoom, double-click to
 * reset, value under the cursor in the legend. The data array is new only when the result is.
 */
export function LineChart({
  x,
  y,
  xLabel,
  yLabel,
  seriesLabel,
  xFactor = 1,
  xDecimals = 3,
  yRange,
  testId,
  height = 300,
}: Props) {
  const theme = useChartTheme();
  const data = useMemo<uPlot.AlignedData>(
    () => [Float64Array.from(x, (v) => v * xFactor), Float64Array.from(y)],
    [x, y, xFactor],
  );
  const options = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false }, y: yRange ? { range: () => yRange } : { auto: true } },
      axes: [
        { ...axisStyle(theme), label: xLabel },
        { ...axisStyle(theme), label: yLabel, size: 60 },
      ],
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '–' : v.toFixed(xDecimals)) },
        {
          label: seriesLabel,
          stroke: theme.series,
          width: 1,
          points: { show: false },
          value: (_u, v) => (v == null ? '–' : Number(v.toPrecision(4)).toString()),
        },
      ],
      cursor: { drag: { x: true, y: false } },
    }),
    [theme, xLabel, yLabel, seriesLabel, xDecimals, yRange],
  );
  return (
    <div data-testid={testId} data-points={x.length}>
      <UplotChart options={options} data={data} height={height} />
    </div>
  );
}
