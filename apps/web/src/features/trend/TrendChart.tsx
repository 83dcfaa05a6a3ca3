import { useEffect, useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { TREND_CHART_HEIGHT, type TrendChartMode } from '@overtone/contract';
import { axisStyle, useChartTheme } from '../../charts/chartTheme';
import { UplotChart, type ChartOptions } from '../../charts/UplotChart';
import type { MaintenanceMarker } from '../maintenance/maintenanceModel';
import { drawMaintenanceMarkers } from './maintenanceMarkers';
import { pickPoint, scalesOf, type TrendChartModel, type TrendLine, type TrendPoint } from './trendModel';
import { useTimeAxis } from '../../charts/timeAxis';

interface Props {
  model: TrendChartModel;
  mode: TrendChartMode;
  /** Legend label of each series. */
  labels: readonly string[];
  /** Selected measurement ids (ringed). */
  selected: readonly string[];
  /** A plain click on a point. */
  onOpen(p: TrendPoint): void;
  /** A Ctrl/⌘/Shift click on a point: toggles its measurement in the selection. */
  onToggle(p: TrendPoint): void;
  /** Which series are shown (legend toggles), 0-based. */
  onShownChange(shown: boolean[]): void;
  /** Maintenance records of the point: a dashed vertical line at each start, coloured by its verdict. */
  markers?: readonly MaintenanceMarker[];
}

const noPath: uPlot.Series.PathBuilder = () => null;
const NO_MARKERS: readonly MaintenanceMarker[] = [];

function seriesOf(line: TrendLine, label: string, mode: TrendChartMode, scale: string): uPlot.Series {
  if (line.kind === 'notes')
    return {
      label,
      scale,
      stroke: line.color,
      paths: noPath,
      points: { show: true, size: 11, width: 2, fill: 'transparent', stroke: line.color },
    };
  if (line.kind === 'class')
    return {
      label,
      scale,
      stroke: line.color,
      paths: noPath,
      points: { show: true, size: 6, fill: line.color, stroke: line.color },
    };
  const markers = mode === 'markers';
  return {
    label,
    scale,
    stroke: line.color,
    width: markers ? 0 : 1.5,
    spanGaps: true,
    ...(markers ? { paths: noPath } : {}),
    points: { show: mode !== 'lines', size: 5, fill: line.color, stroke: line.color },
  };
}

/**
 * The trend chart (spec 001 §2, §9: 420 px high): uPlot with one series per line of the model, a
 * time axis in the customer's zone, legend toggles, a ring around selected measurements, the
 * maintenance markers (a dashed line at each record's start, coloured by its verdict). A click on
 * a point opens its measurement; Ctrl/⌘/Shift+click selects it for the compare.
 */
export function TrendChart({ model, mode, labels, selected, onOpen, onToggle, onShownChange, markers = NO_MARKERS }: Props) {
  const timeAxis = useTimeAxis();
  const theme = useChartTheme();
  const state = useRef({ model, onOpen, onToggle, onShownChange, selected, markers });
  useEffect(() => {
    state.current = { model, onOpen, onToggle, onShownChange, selected, markers };
  });

  const options = useMemo<ChartOptions>(() => {
    // One y axis per unit: the first on the left, the others on the right.
    const { keys, units } = scalesOf(model.lines);
    return {
      tzDate: timeAxis.tzDate,
      scales: { x: { time: true } },
      axes: [
        { ...axisStyle(theme), values: timeAxis.values, size: 50 },
        ...units.map((unit, k) => ({
          ...axisStyle(theme),
          scale: k === 0 ? 'y' : `y_${unit}`,
          label: unit,
          size: 60,
          side: k === 0 ? 3 : 1,
          ...(k > 0 ? { grid: { show: false } } : {}),
        })),
      ],
      cursor: { points: { show: false }, drag: { x: true, y: false } },
      legend: { live: false },
      series: [{}, ...model.lines.map((l, i) => seriesOf(l, labels[i] ?? '', mode, keys[i]!))],
      hooks: {
        setSeries: [(u: uPlot) => state.current.onShownChange(u.series.slice(1).map((s) => s.show !== false))],
        draw: [
          (u: uPlot) => drawMaintenanceMarkers(u, state.current.markers, theme.font),
          (u: uPlot) => {
            const { model: m, selected: sel } = state.current;
            if (!sel.length) return;
            const ctx = u.ctx;
            ctx.save();
            ctx.lineWidth = 2 * devicePixelRatio;
            ctx.strokeStyle = theme.peak;
            m.points.forEach((col, s) => {
              if (u.series[s + 1]?.show === false) return;
              col.forEach((p, i) => {
                if (!p || !sel.includes(p.measurementId)) return;
                const x = u.valToPos((u.data[0] as ArrayLike<number>)[i]!, 'x', true);
                const y = u.valToPos(p.value, u.series[s + 1]?.scale ?? 'y', true);
                ctx.beginPath();
                ctx.arc(x, y, 7 * devicePixelRatio, 0, 2 * Math.PI);
                ctx.stroke();
              });
            });
            ctx.restore();
          },
        ],
      },
    };
  }, [model.lines, labels, mode, timeAxis, theme]);

  const chartRef = useRef<uPlot | null>(null);
  useEffect(() => {
    chartRef.current?.redraw(false);
  }, [selected, markers]);

  const onChart = (u: uPlot | null) => {
    chartRef.current = u;
    if (!u) return;
    state.current.onShownChange(model.lines.map(() => true));
    u.over.addEventListener('click', (e: MouseEvent) => {
      const { model: m, onOpen: open, onToggle: toggle } = state.current;
      const shown = u.series.slice(1).map((s) => s.show !== false);
      const top = u.cursor.top ?? 0;
      const p = pickPoint(m, u.cursor.idx, (s, v) => Math.abs(u.valToPos(v, u.series[s + 1]?.scale ?? 'y') - top), shown);
      if (!p) return;
      if (e.ctrlKey || e.metaKey || e.shiftKey) toggle(p);
      else open(p);
    });
  };

  return (
    <div data-testid="trend-chart">
      <UplotChart options={options} data={model.data} height={TREND_CHART_HEIGHT} onChart={onChart} />
    </div>
  );
}
