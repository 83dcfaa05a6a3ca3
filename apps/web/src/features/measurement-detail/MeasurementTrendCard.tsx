import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Card, Empty, Flex, Segmented, Select, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type uPlot from 'uplot';
import { AXIS_KEYS, type AxisKey, type MeasurementDetail, type Point } from '@overtone/contract';
import { axisStyle, useChartTheme } from '../../charts/chartTheme';
import { UplotChart, type ChartOptions } from '../../charts/UplotChart';
import { useCustomerZone } from '../../ui/formatDate';
import { buildTrendChart, pickPoint, type TrendChartModel } from '../trend/trendModel';
import { axisMapping } from '../measurements/axes';
import { useDetailAccess } from './detailAccess';
import {
  defaultCardTelemetry,
  MEASUREMENT_TREND_DEFAULT_RANGE,
  MEASUREMENT_TREND_RANGES,
  SHARE_TREND_TELEMETRIES,
  useCardTelemetries,
  useMeasurementTrend,
  type MeasurementTrendRange,
} from './measurementTrendApi';
import { telemetryLabel } from '../telemetry/telemetryName';
import { useTimeAxis } from '../../charts/timeAxis';

/** Height of the card's chart, px (a compact companion of the point trend's 420 px). */
export const MEASUREMENT_TREND_CHART_HEIGHT = 240;

interface Props {
  m: MeasurementDetail;
  /** The point record (session only): axis labels follow its coordinate-axis mapping. */
  point?: Point;
}

/**
 * The trend card of the measurement page (spec 002 §2 "Trend card (needs Readtrend)", §9 ranges):
 * one telemetry of the measurement's point over the last hour … year (default 168 h), one line per
 * source, the shown measurement ringed and marked by a vertical line. A click on a value opens its
 * measurement (a share-link visitor stays: the token grants this measurement only). Shown with
 * Readtrend (a share link: allowTrend) for a measurement of a point.
 */
export function MeasurementTrendCard({ m, point }: Props) {
  const access = useDetailAccess();
  if (!m.point || !access.can('Readtrend')) return null;
  return <TrendCardBody m={m} pointId={m.point._id} point={point} readOnly={access.readOnly} />;
}

function TrendCardBody({
  m,
  pointId,
  point,
  readOnly,
}: {
  m: MeasurementDetail;
  pointId: string;
  point?: Point;
  readOnly: boolean;
}) {
  const { t } = useTranslation('measurementDetail');
  const navigate = useNavigate();
  const { offsetMinutes } = useCustomerZone();
  // The range ends now (in the customer's zone), not at the measurement's time: the share route
  // counts its hours back from the server's now, so both modes show the same window, and the
  // card shows how the point has developed up to now (an old measurement is reached with the longer
  // ranges or the point's trend tab). `now` is fixed when a range is chosen: a stable query key.
  const [range, setRange] = useState<{ key: MeasurementTrendRange; now: number }>(() => ({
    key: MEASUREMENT_TREND_DEFAULT_RANGE,
    now: Date.now(),
  }));
  const [chosen, setChosen] = useState<string | undefined>(undefined);

  const telemetries = useCardTelemetries(pointId, !readOnly);
  const options = useMemo(() => {
    if (readOnly || telemetries.isError) return SHARE_TREND_TELEMETRIES.map((name) => ({ value: name, label: name }));
    return (telemetries.data ?? [])
      .filter((x) => !x.hidden)
      .map((x) => ({ value: x.name, label: telemetryLabel(t, x.name, x.displayName) }));
  }, [readOnly, telemetries.isError, telemetries.data]);
  const telemetry =
    chosen && options.some((o) => o.value === chosen) ? chosen : defaultCardTelemetry(options.map((o) => o.value));

  const trend = useMeasurementTrend({
    measurementId: m._id,
    pointId,
    measurement: m,
    readOnly,
    telemetry,
    hours: MEASUREMENT_TREND_RANGES[range.key],
    now: range.now,
    offsetMinutes,
  });

  // Sources as the page labels its axes (the point's coordinate-axis mapping); channels as they are.
  const sourceLabel = useCallback(
    (source: string) =>
      (AXIS_KEYS as readonly string[]).includes(source) ? t(`axisLabel.${axisMapping(point)[source as AxisKey]}`) : source,
    [t, point],
  );

  const listPending = !readOnly && telemetries.isPending;
  let body;
  if (listPending || (trend.isPending && !!telemetry))
    body = (
      <div data-testid="measurement-trend-loading">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  else if (trend.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('trend.loadFailed')}
        description={trend.error.message}
        data-testid="measurement-trend-error"
      />
    );
  else if (!telemetry || !trend.data?.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('trend.empty')} data-testid="measurement-trend-empty" />;
  else {
    const series = trend.data;
    body = (
      <Spin spinning={trend.isPlaceholderData}>
        <CardChart
          series={series}
          windowS={[(range.now - MEASUREMENT_TREND_RANGES[range.key] * 3_600_000) / 1000, range.now / 1000]}
          labelOf={sourceLabel}
          unit={series[0]!.telemetry.unit}
          current={m}
          onOpen={readOnly ? undefined : (id) => void navigate(`/measurement/${encodeURIComponent(id)}`)}
        />
      </Spin>
    );
  }

  return (
    <Card
      size="small"
      title={t('trend.title')}
      data-testid="measurement-trend"
      extra={
        <Flex gap={8} wrap align="center">
          <Select
            size="small"
            style={{ minWidth: 160 }}
            value={telemetry}
            options={options}
            onChange={setChosen}
            aria-label={t('trend.telemetry')}
            data-testid="measurement-trend-telemetry"
          />
          <Segmented<MeasurementTrendRange>
            size="small"
            value={range.key}
            onChange={(key) => setRange({ key, now: Date.now() })}
            options={(Object.keys(MEASUREMENT_TREND_RANGES) as MeasurementTrendRange[]).map((k) => ({
              value: k,
              label: t(`trend.ranges.${k}`),
            }))}
            data-testid="measurement-trend-range"
          />
        </Flex>
      }
    >
      {body}
    </Card>
  );
}

interface ChartProps {
  series: Parameters<typeof buildTrendChart>[0];
  labelOf(source: string): string;
  unit: string;
  /** The chosen range, Unix s: the time axis when every value has one time (uPlot would span years). */
  windowS: [number, number];
  /** The measurement shown by the page: ringed, and a vertical line at its time. */
  current: Pick<MeasurementDetail, '_id' | 'createdAt'>;
  /** Opens a clicked value's measurement; undefined: clicks do nothing. */
  onOpen?: (measurementId: string) => void;
}

/** The card's uPlot chart: lines with markers, one per source, the time axis in the customer's zone. */
function CardChart({ series, windowS, labelOf, unit, current, onOpen }: ChartProps) {
  const timeAxis = useTimeAxis();
  const theme = useChartTheme();
  const model = useMemo<TrendChartModel>(() => buildTrendChart(series, 'linesMarkers'), [series]);
  const [fromS, toS] = windowS;
  const state = useRef({ model, current, onOpen });
  useEffect(() => {
    state.current = { model, current, onOpen };
  });

  const options = useMemo<ChartOptions>(
    () => ({
      tzDate: timeAxis.tzDate,
      scales: {
        x: {
          time: true,
          // one time only (a single measurement in the range): the whole range, not uPlot's guess
          range: (_u: uPlot, min: number, max: number): uPlot.Range.MinMax =>
            min === max ? [Math.min(fromS, min), Math.max(toS, max)] : [min, max],
        },
      },
      axes: [
        { ...axisStyle(theme), values: timeAxis.values, size: 50 },
        { ...axisStyle(theme), label: unit, size: 60 },
      ],
      cursor: { points: { show: false }, drag: { x: true, y: false } },
      legend: { live: false },
      series: [
        {},
        ...model.lines.map((l) => ({
          label: labelOf(l.source ?? ''),
          stroke: l.color,
          width: 1.5,
          spanGaps: true,
          points: { show: true, size: 4, fill: l.color, stroke: l.color },
        })),
      ],
      hooks: {
        draw: [
          (u: uPlot) => {
            const { model: md, current: cur } = state.current;
            const ctx = u.ctx;
            ctx.save();
            ctx.strokeStyle = theme.peak;
            ctx.lineWidth = devicePixelRatio;
            const x = u.valToPos(Date.parse(cur.createdAt) / 1000, 'x', true);
            if (x >= u.bbox.left && x <= u.bbox.left + u.bbox.width) {
              ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.setLineDash([]);
            }
            ctx.lineWidth = 2 * devicePixelRatio;
            md.points.forEach((col, s) => {
              if (u.series[s + 1]?.show === false) return;
              col.forEach((p, i) => {
                if (!p || p.measurementId !== cur._id) return;
                ctx.beginPath();
                ctx.arc(
                  u.valToPos((u.data[0] as ArrayLike<number>)[i]!, 'x', true),
                  u.valToPos(p.value, 'y', true),
                  6 * devicePixelRatio,
                  0,
                  2 * Math.PI,
                );
                ctx.stroke();
              });
            });
            ctx.restore();
          },
        ],
      },
    }),
    [model.lines, labelOf, unit, timeAxis, theme, fromS, toS],
  );

  const onChart = (u: uPlot | null) => {
    if (!u) return;
    u.over.addEventListener('click', () => {
      const { model: md, onOpen: open, current: cur } = state.current;
      if (!open) return;
      const shown = u.series.slice(1).map((s) => s.show !== false);
      const top = u.cursor.top ?? 0;
      const p = pickPoint(md, u.cursor.idx, (_s, v) => Math.abs(u.valToPos(v, 'y') - top), shown);
      if (p && p.measurementId !== cur._id) open(p.measurementId);
    });
  };

  return (
    <div data-testid="measurement-trend-chart" style={{ cursor: onOpen ? 'pointer' : undefined }}>
      <UplotChart options={options} data={model.data} height={MEASUREMENT_TREND_CHART_HEIGHT} onChart={onChart} />
    </div>
  );
}
