import { useMemo } from 'react';
import type uPlot from 'uplot';
import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import { axisStyle, useChartTheme } from '../../charts/chartTheme';
import type { CompareItem } from '../../charts/compareBasket';
import { formatAmplitude, formatFrequency } from '../../charts/formatNumber';
import { UplotChart, type ChartOptions } from '../../charts/UplotChart';
import type { CompareSpectrum } from './compareApi';
import { compareColor, joinSeries, timeAxisOf } from './compareSeries';

/** Height of each compare chart, px (spec 002 §9: compare 220). */
export const COMPARE_CHART_HEIGHT = 220;

interface Props {
  items: readonly CompareItem[];
  /** The spectrum of each item, same order. */
  spectra: readonly CompareSpectrum[];
  /** Legend label of each item, same order. */
  labels: readonly string[];
}

const seriesOf = (labels: readonly string[], value: (v: number) => string): uPlot.Series[] =>
  labels.map((label, i) => ({
    label,
    stroke: compareColor(i),
    width: 1,
    points: { show: false },
    spanGaps: true,
    value: (_u: uPlot, v: number | null) => (v == null ? '–' : value(v)),
  }));

/**
 * The overlaid FFT and time charts of the compare dialog (spec 002 "Compare view"), 220 px each,
 * one colour per basket place; drag to zoom, double-click to reset.
 */
export default function CompareCharts({ items, spectra, labels }: Props) {
  const { t } = useTranslation('compare');
  const theme = useChartTheme();
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
      <div data-testid="compare-fft" data-series={labels.length} data-colors={labels.map((_, i) => compareColor(i)).join(',')}>
        <Typography.Text strong>{t('chart.fftTitle')}</Typography.Text>
        <UplotChart options={fftOptions} data={fftData} height={COMPARE_CHART_HEIGHT} />
      </div>
      <div data-testid="compare-time" data-series={labels.length}>
        <Typography.Text strong>{t('chart.timeTitle')}</Typography.Text>
        <UplotChart options={timeOptions} data={timeData} height={COMPARE_CHART_HEIGHT} />
      </div>
    </Flex>
  );
}
