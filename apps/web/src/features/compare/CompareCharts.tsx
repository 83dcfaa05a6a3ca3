import { useEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import { axisStyle, useChartTheme } from '../../charts/chartTheme';
import type { CompareItem } from '../../charts/compareBasket';
import { formatAmplitude, formatFrequency } from '../../charts/formatNumber';
import { UplotChart, type ChartOptions } from '../../charts/UplotChart';
import type { CompareSpectrum } from './compareApi';
import { compareStroke, compareWidth, joinSeries, timeAxisOf } from './compareSeries';

/** Height of each compare chart, px (spec 002 §9: compare 220). */
export const COMPARE_CHART_HEIGHT = 220;

interface Props {
  items: readonly CompareItem[];
  /** The spectrum of each item, same order. */
  spectra: readonly CompareSpectrum[];
  /** Legend label of each item, same order. */
  labels: readonly string[];
  /** Whether each item's line is drawn (the legend's toggles), same order; all by default. */
  shown?: readonly boolean[];
}

const seriesOf = (labels: readonly string[], value: (v: number) => string): uPlot.Series[] =>
  labels.map((label, i) => ({
    label,
    show: true,
    stroke: compareStroke(i),
    width: compareWidth(i),
    points: { show: false },
    spanGaps: true,
    value: (_u: uPlot, v: number | null) => (v == null ? '–' : value(v)),
  }));

/** Shows or hides each item's line of `chart` (series 1…n) as `shown` says; missing entries are shown. */
export function applyShown(chart: uPlot | null, shown: readonly boolean[] | undefined) {
  if (!chart) return;
  chart.series.slice(1).forEach((s, i) => {
    const show = shown?.[i] ?? true;
    if (s.show !== show) chart.setSeries(i + 1, { show });
  });
}

/**
 * The overlaid FFT and time charts of the compare dialog (spec 002 "Compare view"), 220 px each,
 * one colour per basket place, the first signal 2 px wide and the later ones 1 px and translucent
 * over it (compareSeries); a legend toggle hides a line (`shown`) without resetting the zoom. Drag
 * to zoom, double-click to reset.
 */
export default function CompareCharts({ items, spectra, labels, shown }: Props) {
  const { t } = useTranslation('compare');
  const theme = useChartTheme();
  const fftChart = useRef<uPlot | null>(null);
  const timeChart = useRef<uPlot | null>(null);
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
    applyShown(fftChart.current, shown);
    applyShown(timeChart.current, shown);
  }, [shown]);
  // A chart made anew (options changed) starts from the current toggles.
  const onFftChart = useMemo(() => chartSetter(fftChart, shownRef), []);
  const onTimeChart = useMemo(() => chartSetter(timeChart, shownRef), []);
  const units = [...new Set(spectra.map((s) => s.unit))];
  const fftUnit = units.length === 1 ? units[0]! : units.join(', ');

  const fftData = useMemo(() => joinSeries(spectra), [spectra]);
  const timeData = useMemo(() => joinSeries(items.map((it) => ({ x: timeAxisOf(it), y: it.time.y }))), [items]);

  const fftOptions = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false }, y: { auto: true } },
      cursor: { drag: { x: true, y: false } },
      legend: { show: false },
      axes: [
        { ...axisStyle(theme), label: t('chart.frequency'), labelSize: 24 },
        { ...axisStyle(theme), label: t('chart.amplitude', { unit: fftUnit }), labelSize: 24, size: 64 },
      ],
      series: [
        { label: t('chart.frequency'), value: (_u, v) => (v == null ? '–' : formatFrequency(v)) },
        ...seriesOf(labels, formatAmplitude),
      ],
    }),
    [theme, t, fftUnit, labels],
  );
  const timeOptions = useMemo<ChartOptions>(
    () => ({
      scales: { x: { time: false }, y: { auto: true } },
      cursor: { drag: { x: true, y: false } },
      legend: { show: false },
      axes: [
        { ...axisStyle(theme), label: t('chart.time'), labelSize: 24 },
        { ...axisStyle(theme), label: t('chart.acceleration'), labelSize: 24, size: 64 },
      ],
      series: [
        { label: t('chart.time'), value: (_u, v) => (v == null ? '–' : v.toFixed(4)) },
        ...seriesOf(labels, (v) => v.toFixed(4)),
      ],
    }),
    [theme, t, labels],
  );

  return (
    <Flex vertical gap={12}>
      <div data-testid="compare-fft" data-series={labels.length} data-colors={labels.map((_, i) => compareStroke(i)).join(',')}>
        <Typography.Text strong>{t('chart.fftTitle')}</Typography.Text>
        <UplotChart options={fftOptions} data={fftData} height={COMPARE_CHART_HEIGHT} onChart={onFftChart} />
      </div>
      <div data-testid="compare-time" data-series={labels.length}>
        <Typography.Text strong>{t('chart.timeTitle')}</Typography.Text>
        <UplotChart options={timeOptions} data={timeData} height={COMPARE_CHART_HEIGHT} onChart={onTimeChart} />
      </div>
    </Flex>
  );
}

function chartSetter(ref: { current: uPlot | null }, shownRef: { current: readonly boolean[] | undefined }) {
  return (chart: uPlot | null) => {
    ref.current = chart;
    applyShown(chart, shownRef.current);
  };
}
