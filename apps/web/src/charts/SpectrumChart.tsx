import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { App, Flex, InputNumber, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { axisStyle, useChartTheme } from './chartTheme';
import { downloadCanvasPng, downloadCsv, downloadSvg, toSvg } from './download';
import { formatAmplitude, formatFrequency, formatRpm } from './formatNumber';
import { SpectrumPeakReadout } from './SpectrumPeakReadout';
import { spectrumOverlayHook, type MarkerSet, type OverlayState } from './spectrumOverlay';
import {
  clampIndex,
  DEFAULT_HARMONIC_COUNT,
  harmonicsHz,
  highestPeakBelow,
  MAX_HARMONIC_COUNT,
  nearestLineIndex,
  RPM_PER_HZ,
  stepIndex,
  toDb,
  zoomForKey,
  zoomRange,
} from './spectrumMath';
import { SpectrumToolbar, type AmplitudeScale, type FrequencyAxis } from './SpectrumToolbar';
import { UplotChart, type ChartOptions } from './UplotChart';
import { useExportFileName } from './useExportFileName';

/** Upper frequency of the peak readout by default, Hz. */
export const DEFAULT_PEAK_LIMIT_HZ = 500;

interface Props {
  /** Line frequencies in Hz, ascending (`results.x`). */
  xHz: readonly number[];
  /** Line amplitudes (`results.y`) in `unit`. */
  y: readonly number[];
  /** Unit of `y` as the server names it (e.g. g or mm/s). */
  unit: string;
  /** Label of the amplitude kind (Grms, Vrms). */
  amplitudeLabel: string;
  /** Running speed of the point in Hz; the harmonics start from it by default when > 0. */
  referenceFrequencyHz?: number;
  /** Upper frequency of the peak readout, Hz; `Infinity` for the highest line of the whole spectrum. */
  peakLimitHz?: number;
  /** Further marker sets, `xs` in Hz (e.g. bearing fault frequencies); keep the array stable (useMemo). */
  markers?: readonly MarkerSet[];
  /** Prefix of the `data-testid`s (`{prefix}-chart`, `{prefix}-peak`, …), for a second chart on a page. */
  testIdPrefix?: string;
  /** Used in export file names. */
  name: string;
  /** Controls of the caller, shown in the toolbar (window, Grms/Vrms). */
  toolbarExtra?: ReactNode;
  height?: number;
  /** A frequency to select on opening, Hz (the nearest line; a fault report's evidence line). */
  initialActiveHz?: number | null;
}

/** Where the harmonics start: the reference frequency of the point or the selected (Ctrl+clicked) line. */
export type HarmonicSource = 'reference' | 'selected';

/** Keys typed into a form control are not the chart's. */
const isEditable = (el: EventTarget) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * Spectrum chart (spec 002 "Chart controls", FFT): linear or dB scale, Hz or RPM axis, zoom
 * levels 0–10 centred on the active line (each halves the span), keyboard when the plot has focus
 * (←/→ 1 line, Alt+←/→ 10, ↑/↓ zoom, Enter reset) and the same step/jump buttons, Ctrl+click to pick
 * a line (a plain click shows the hint), 1–10 harmonics (5 by default) of the reference frequency or
 * of the selected line, further marker sets (bearing faults), peak readout, CSV/PNG/SVG export named
 * by date-time. Every display change works on the given lines: nothing is requested again.
 */
export default function SpectrumChart(props: Props) {
  const {
    xHz,
    y,
    unit,
    amplitudeLabel,
    referenceFrequencyHz = 0,
    peakLimitHz = DEFAULT_PEAK_LIMIT_HZ,
    markers,
    testIdPrefix = 'spectrum',
    name,
    toolbarExtra,
    height = 320,
    initialActiveHz = null,
  } = props;
  const { t } = useTranslation('charts');
  const { message } = App.useApp();
  const theme = useChartTheme();
  const fileName = useExportFileName();
  const [scale, setScale] = useState<AmplitudeScale>('linear');
  const [axis, setAxis] = useState<FrequencyAxis>('frequency');
  const [zoom, setZoom] = useState(0);
  const [harmonicsOn, setHarmonicsOn] = useState(true);
  const [harmonicCount, setHarmonicCount] = useState(DEFAULT_HARMONIC_COUNT);
  // null until the user picks one: the reference frequency when the point has one, else the selected line.
  const [sourceChoice, setHarmonicSource] = useState<HarmonicSource | null>(null);
  const harmonicSource: HarmonicSource = sourceChoice ?? (referenceFrequencyHz > 0 ? 'reference' : 'selected');
  const peak = useMemo(() => highestPeakBelow(xHz, y, peakLimitHz), [xHz, y, peakLimitHz]);
  const [active, setActive] = useState<number | null>(() => nearestLineIndex(xHz, initialActiveHz));
  const [hover, setHover] = useState<number | null>(null);
  const activeIndex = active === null ? (peak?.index ?? null) : clampIndex(active, xHz.length);
  const chart = useRef<uPlot | null>(null);

  const factor = axis === 'rpm' ? RPM_PER_HZ : 1;
  const xUnit = t(axis === 'rpm' ? 'units.rpm' : 'units.hz');
  const yUnit = scale === 'log' ? t('units.db') : unit;

  const data = useMemo<uPlot.AlignedData>(() => {
    const xd = Float64Array.from(xHz, (v) => v * factor);
    const yd = scale === 'log' ? y.map(toDb) : Float64Array.from(y);
    return [xd, yd];
  }, [xHz, y, factor, scale]);

  const f0Hz = harmonicSource === 'reference' ? referenceFrequencyHz : activeIndex !== null ? (xHz[activeIndex] ?? 0) : 0;
  const harmonics = harmonicsOn ? harmonicsHz(f0Hz, harmonicCount) : [];
  const overlay = useRef<OverlayState>({ harmonicsX: [], harmonicLabel: String, activeIndex: null, peakIndex: null });
  overlay.current = {
    harmonicsX: harmonics.map((f) => f * factor),
    harmonicLabel: (k) => t('harmonic', { order: k }),
    activeIndex,
    peakIndex: peak?.index ?? null,
    markers: markers?.map((m) => ({ ...m, xs: m.xs.map((x) => x * factor) })),
  };
  // Marker sets changed (e.g. a fault toggled): the overlay is read on draw, so a redraw is enough.
  const harmonicsKey = harmonics.join(',');
  useEffect(() => {
    chart.current?.redraw(false);
  }, [markers, harmonicsKey]);

  const onClick = useRef<(e: MouseEvent, idx: number | null) => void>(() => undefined);
  onClick.current = (e, idx) => {
    if (idx === null) return;
    if (e.ctrlKey || e.metaKey) setActive(idx);
    else void message.info(t('ctrlClickHint'));
  };

  const options = useMemo<ChartOptions>(
    () => ({
      scales: {
        x: { time: false },
        y: { range: (_u, min, max) => (scale === 'log' ? [min - 5, max + 5] : [0, max > 0 ? max * 1.08 : 1]) },
      },
      legend: { show: false },
      cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
      series: [
        { label: xUnit, value: (_u, v) => (v === null ? '' : formatFrequency(v)) },
        {
          label: `${amplitudeLabel} (${yUnit})`,
          stroke: theme.series,
          width: 1,
          points: { show: false },
          value: (_u, v) => (v === null ? '' : formatAmplitude(v)),
        },
      ],
      axes: [
        { ...axisStyle(theme), label: xUnit, labelSize: 28 },
        { ...axisStyle(theme), label: `${amplitudeLabel} (${yUnit})`, labelSize: 28, size: 70 },
      ],
      hooks: {
        draw: [spectrumOverlayHook(() => overlay.current, theme)],
        ready: [(u: uPlot) => u.over.addEventListener('click', (e) => onClick.current(e, u.cursor.idx ?? null))],
        setCursor: [(u: uPlot) => setHover(u.cursor.idx ?? null)],
      },
    }),
    [theme, xUnit, yUnit, amplitudeLabel, scale],
  );

  const applyZoom = useCallback((u: uPlot, level: number, centreIdx: number | null) => {
    const xd = u.data[0];
    if (!xd.length) return;
    const min = xd[0];
    const max = xd[xd.length - 1];
    const centre = centreIdx === null ? (min + max) / 2 : xd[clampIndex(centreIdx, xd.length)];
    u.setScale('x', zoomRange(min, max, level, centre));
  }, []);

  // Zoom: re-applied on a new level, new data (setData resets the scales) or a new chart.
  const [chartVersion, setChartVersion] = useState(0);
  const activeRef = useRef(activeIndex);
  activeRef.current = activeIndex;
  useEffect(() => {
    if (chart.current) applyZoom(chart.current, zoom, activeRef.current);
  }, [zoom, data, chartVersion, applyZoom]);

  // The active line: redraw the marker, and follow it when it leaves the zoomed view.
  useEffect(() => {
    const u = chart.current;
    if (!u || activeIndex === null) return;
    const x = u.data[0][activeIndex];
    const { min, max } = u.scales.x;
    if (zoom > 0 && x !== undefined && min !== undefined && max !== undefined && (x < min || x > max))
      applyZoom(u, zoom, activeIndex);
    else u.redraw(false);
  }, [activeIndex, zoom, applyZoom]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = xHz.length;
    if (!n || e.ctrlKey || e.metaKey || isEditable(e.target)) return;
    const moved = stepIndex(activeIndex ?? 0, e.key, e.altKey, n);
    const zoomed = zoomForKey(zoom, e.key);
    if (moved !== null) setActive(moved);
    else if (zoomed !== null) setZoom(zoomed);
    else return;
    e.preventDefault();
  };
  const step = (delta: number) => {
    if (xHz.length) setActive(clampIndex((activeIndex ?? 0) + delta, xHz.length));
  };

  const exportCsv = () =>
    downloadCsv(
      fileName(`${name}_spectrum`, 'csv'),
      [
        axis === 'rpm' ? 'speed_rpm' : 'frequency_hz',
        `${amplitudeLabel.toLowerCase()}_${scale === 'log' ? 'db' : unit.replace('/', '_per_')}`,
      ],
      [data[0] as ArrayLike<number>, data[1] as ArrayLike<number | null>],
    );
  const exportSvg = () => {
    const u = chart.current;
    const xs = data[0] as ArrayLike<number>;
    const ys = data[1] as ArrayLike<number | null>;
    const finite = Array.from(ys).filter((v): v is number => v !== null && Number.isFinite(v));
    const xr: [number, number] = [u?.scales.x.min ?? xs[0], u?.scales.x.max ?? xs[xs.length - 1]];
    const yr: [number, number] = [u?.scales.y.min ?? Math.min(0, ...finite), u?.scales.y.max ?? Math.max(1, ...finite)];
    downloadSvg(
      fileName(`${name}_spectrum`, 'svg'),
      toSvg({
        series: [{ x: xs, y: ys, color: theme.series }],
        xRange: xr,
        yRange: yr,
        xLabel: xUnit,
        yLabel: `${amplitudeLabel} (${yUnit})`,
        title: name,
        background: theme.background,
        textColor: theme.text,
      }),
    );
  };
  const exportPng = () =>
    chart.current && downloadCanvasPng(chart.current.ctx.canvas, fileName(`${name}_spectrum`, 'png'), theme.background);

  /** "f Hz (rpm RPM): amplitude unit (dB)" of one spectral line. */
  const lineText = (i: number) =>
    t('cursorReadout', {
      frequency: formatFrequency(xHz[i]),
      rpm: formatRpm(xHz[i] * RPM_PER_HZ),
      amplitude: formatAmplitude(y[i]),
      unit,
      db: toDb(y[i])?.toFixed(1) ?? t('noLevel'),
    });

  return (
    <Flex vertical gap={8} data-testid={`${testIdPrefix}-chart`}>
      <SpectrumToolbar
        scale={scale}
        onScale={setScale}
        axis={axis}
        onAxis={setAxis}
        zoom={zoom}
        onZoom={setZoom}
        onCsv={exportCsv}
        onPng={exportPng}
        onSvg={exportSvg}
        onStep={step}
        extra={toolbarExtra}
        testIdPrefix={testIdPrefix}
      />
      <Flex gap={8} align="center" wrap data-testid={`${testIdPrefix}-harmonics`}>
        <Switch size="small" checked={harmonicsOn} onChange={setHarmonicsOn} data-testid={`${testIdPrefix}-harmonics-switch`} />
        <Typography.Text>{t('harmonics')}</Typography.Text>
        <InputNumber
          size="small"
          min={1}
          max={MAX_HARMONIC_COUNT}
          value={harmonicCount}
          onChange={(v) => v !== null && setHarmonicCount(Math.max(1, Math.min(MAX_HARMONIC_COUNT, Math.round(v))))}
          disabled={!harmonicsOn}
          style={{ width: 64 }}
          aria-label={t('harmonicCount')}
          data-testid={`${testIdPrefix}-harmonic-count`}
        />
        <Segmented<HarmonicSource>
          size="small"
          value={harmonicSource}
          onChange={setHarmonicSource}
          disabled={!harmonicsOn}
          options={[
            { value: 'reference', label: t('harmonicSource.reference'), disabled: !(referenceFrequencyHz > 0) },
            { value: 'selected', label: t('harmonicSource.selected') },
          ]}
          data-testid={`${testIdPrefix}-harmonic-source`}
        />
        {harmonicsOn && harmonics.length === 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(harmonicSource === 'reference' ? 'noReferenceFrequency' : 'selectLineForHarmonics')}
          </Typography.Text>
        )}
      </Flex>
      <SpectrumPeakReadout
        peak={peak}
        limitHz={peakLimitHz}
        unit={unit}
        onGoTo={() => peak && setActive(peak.index)}
        testId={`${testIdPrefix}-peak`}
      />
      <div
        tabIndex={0}
        role="application"
        aria-label={t('spectrumKeyboardHint')}
        onKeyDown={onKeyDown}
        onMouseDown={(e) => e.currentTarget.focus()}
        style={{ outline: 'none' }}
        data-testid={`${testIdPrefix}-plot`}
        data-zoom={zoom}
        data-harmonics-hz={harmonics.join(',')}
      >
        <UplotChart
          options={options}
          data={data}
          height={height}
          onChart={(u) => {
            chart.current = u;
            if (u) setChartVersion((v) => v + 1);
          }}
        />
      </div>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text data-testid={`${testIdPrefix}-cursor`} data-index={activeIndex ?? ''}>
          {activeIndex !== null ? lineText(activeIndex) : t('noCursor')}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid={`${testIdPrefix}-hover`}>
          {hover !== null && hover !== activeIndex ? t('hoverReadout', { line: lineText(hover) }) : t('spectrumKeyboardHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
