import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Empty, Flex, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  defaultTrendTelemetry,
  TREND_DEFAULT_DAYS,
  TREND_MAX_POINTS_DEFAULT,
  TREND_MAX_POINTS_MAX,
  type TrendSeries,
} from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { hasPermission, useSession } from '../../core/session';
import { exportFileName } from '../../charts/download';
import { useCustomerZone, useDateFormatter } from '../../ui/formatDate';
import { CompareDialog } from '../compare';
import { useMaintenancesQuery } from '../maintenance/maintenanceApi';
import { maintenanceMarkers } from '../maintenance/maintenanceModel';
import { TrendChart } from './TrendChart';
import { TrendControls, type TrendControlValues } from './TrendControls';
import { useAiModels, usePredictions, useTrend, useTrendTelemetries, type TrendParams } from './trendApi';
import { useTrendCompareItems, type TrendCompareRequest } from './trendCompare';
import {
  buildTrendChart,
  compareBlocker,
  compareLine,
  lastDaysRange,
  TREND_DATE_FORMAT,
  trendCsv,
  type TrendPoint,
} from './trendModel';
import { telemetryLabel } from '../telemetry/telemetryName';
import { saveBlob } from '../../ui/saveBlob';

/** Points per source the server is asked for: two per pixel column of the chart (min and max). */
export function maxPointsFor(widthPx: number): number {
  if (!(widthPx > 0)) return TREND_MAX_POINTS_DEFAULT;
  // Rounded up to 250 px steps so that a resize of a few pixels does not reload.
  return Math.min(TREND_MAX_POINTS_MAX, 2 * Math.ceil(widthPx / 250) * 250);
}

/** The min/max filter rule (spec 001 §5): with both active, min must be below max. */
export const valueFiltersValid = (v: Pick<TrendControlValues, 'minActive' | 'maxActive' | 'minValue' | 'maxValue'>) =>
  !(v.minActive && v.maxActive && v.minValue !== null && v.maxValue !== null && !(v.minValue < v.maxValue));

const downloadText = (text: string, fileName: string) => saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);

/**
 * The trend tab of a point (spec 001 §2 "Trend panel"): controls, the 420 px chart of the chosen
 * telemetries (one line per source), the no-measurement message, click → the measurement page,
 * Ctrl/⌘/Shift+click selects measurements for the compare (exactly two, one shown line, GRMS /
 * VRMS / VRMS_ISO10816), CSV download of the values shown, predictions mode coloured by the AI
 * model's classes.
 */
export function TrendPanel({ pointId }: { pointId: string }) {
  const { t } = useTranslation('trend');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  const formatDate = useDateFormatter();
  const telemetries = useTrendTelemetries(pointId);
  const [v, setV] = useState<TrendControlValues>(() => ({
    measurementType: undefined,
    range: lastDaysRange(TREND_DEFAULT_DAYS, offsetMinutes),
    telemetries: [],
    mode: 'lines',
    showComments: false,
    aiModel: undefined,
    minActive: false,
    minValue: null,
    maxActive: false,
    maxValue: null,
  }));
  const [selected, setSelected] = useState<string[]>([]);
  const [shown, setShown] = useState<boolean[]>([]);
  const [compareRequest, setCompareRequest] = useState<TrendCompareRequest | null>(null);
  const compare = useTrendCompareItems(compareRequest);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    setWidth(el.clientWidth);
    return () => ro.disconnect();
  }, []);

  // Default telemetry once the point's telemetries are known (spec 001 §9).
  const list = telemetries.data;
  useEffect(() => {
    if (!list || v.telemetries.length) return;
    const d = defaultTrendTelemetry(list.filter((x) => !x.hidden).map((x) => x.name));
    if (d) setV((o) => ({ ...o, telemetries: [d] }));
    // only when the list arrives (a later change of the choice is the user’s)
  }, [list]);

  const valid = valueFiltersValid(v);
  const startDate = v.range[0].format(TREND_DATE_FORMAT);
  const endDate = v.range[1].format(TREND_DATE_FORMAT);
  const params: TrendParams = {
    startDate,
    endDate,
    telemetries: v.telemetries,
    measurementType: v.measurementType,
    minValue: v.minActive ? v.minValue : null,
    maxValue: v.maxActive ? v.maxValue : null,
    maxPoints: maxPointsFor(width),
  };
  const trend = useTrend(pointId, params, valid && v.telemetries.length > 0);
  // Maintenance markers (issue 16): with readMaintenance only, once there is a trend to mark; a
  // failure only loses the markers.
  const canReadMaintenance = hasPermission(useSession(), 'readMaintenance');
  const maintenances = useMaintenancesQuery(pointId, canReadMaintenance && !!trend.data?.hasMeasurement, { silent: true });
  const markers = useMemo(() => maintenanceMarkers(maintenances.data ?? [], offsetMinutes), [maintenances.data, offsetMinutes]);
  const models = useAiModels(v.mode === 'predictions');
  useEffect(() => {
    if (v.mode === 'predictions' && !v.aiModel && models.data?.length) setV((o) => ({ ...o, aiModel: models.data[0]!._id }));
  }, [v.mode, v.aiModel, models.data]);
  const predictions = usePredictions(v.mode === 'predictions' ? v.aiModel : undefined, pointId, startDate, endDate);

  const series: readonly TrendSeries[] = trend.data?.series ?? [];
  const model = useMemo(
    () => buildTrendChart(series, v.mode, { showNotes: v.showComments, predictions: predictions.data }),
    [series, v.mode, v.showComments, predictions.data],
  );
  const modelClasses = models.data?.find((m) => m._id === v.aiModel)?.classes;
  const classLabel = (key: string | undefined) => {
    const c = modelClasses?.find((x) => x.key === key);
    return c ? t(`aiModel:${c.labelKey}`, { defaultValue: c.name }) : t('unknownClass');
  };
  const labels = useMemo(
    () =>
      model.lines.map((l) =>
        l.kind === 'notes'
          ? t('comments')
          : l.kind === 'class'
            ? classLabel(l.classKey)
            : `${telemetryLabel(t, l.telemetry ?? '', l.displayName)} · ${t(`sources.${l.source}`, { defaultValue: l.source })}`,
      ),
    [model.lines, modelClasses, t],
  );

  const change = (patch: Partial<TrendControlValues>) => {
    const next = { ...v, ...patch };
    if (!valueFiltersValid(next) && valueFiltersValid(v)) void message.warning(t('admin:warningForValidationValue'));
    if (patch.telemetries || patch.range || patch.measurementType !== undefined) setSelected([]);
    setV(next);
  };
  const onOpen = (p: TrendPoint) => navigate(`/measurement/${p.measurementId}`);
  const onToggle = (p: TrendPoint) =>
    setSelected((s) =>
      s.includes(p.measurementId) ? s.filter((x) => x !== p.measurementId) : [...s, p.measurementId].slice(-2),
    );
  const line = compareLine(model.lines, shown, selected);
  const blocker = compareBlocker(model.lines, shown, selected);
  const compareTip = !blocker
    ? t('compareReady')
    : blocker.reason === 'oneLine'
      ? t('compareOneLine', { count: blocker.shown })
      : blocker.reason === 'telemetry'
        ? t('compareTelemetry')
        : t('compareHint');

  // The dialog opens at once and shows the measurements' loading progress (cached per measurement).
  const openCompare = () => {
    if (line) setCompareRequest({ ids: [...selected], line });
  };
  const download = () =>
    downloadText(
      trendCsv(
        series,
        ['createdAt', 'telemetry', 'source', 'value', 'unit', 'measurement', 'note'].map((k) => t(`csv.${k}`)),
        window.location.origin,
      ),
      exportFileName('trend', 'csv', offsetMinutes),
    );

  const empty = trend.data && !trend.data.hasMeasurement;
  const noData = trend.data && trend.data.hasMeasurement && series.every((s) => s.data.length === 0);
  return (
    <Flex vertical gap={12} data-testid="trend-panel">
      <TrendControls
        value={v}
        onChange={change}
        telemetries={list ?? []}
        models={models.data}
        offsetMinutes={offsetMinutes}
        dateFormat={dateFormat}
      />
      {!valid && <Alert type="warning" showIcon title={t('admin:warningForValidationValue')} data-testid="trend-invalid" />}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Space wrap>
          <Tooltip title={compareTip}>
            <Button
              aria-description={compareTip}
              icon={<SwapOutlined />}
              disabled={!line}
              onClick={openCompare}
              data-testid="trend-compare"
            >
              {t('compare', { count: selected.length })}
            </Button>
          </Tooltip>
          {selected.length > 0 && (
            <Button type="link" onClick={() => setSelected([])} data-testid="trend-clear-selection">
              {t('clearSelection')}
            </Button>
          )}
          {trend.data?.series.some((s) => s.decimated) && (
            <Tooltip title={t('decimatedHint')}>
              <Tag data-testid="trend-decimated">{t('decimated')}</Tag>
            </Tooltip>
          )}
        </Space>
        <Button
          icon={<DownloadOutlined />}
          disabled={!series.some((s) => s.data.length)}
          onClick={download}
          data-testid="trend-csv"
        >
          {t('downloadCsv')}
        </Button>
      </Flex>
      <div ref={box} style={{ minHeight: 420 }}>
        {trend.isError ? (
          <Alert type="error" showIcon title={t('loadFailed')} />
        ) : empty ? (
          <Empty description={t('noMeasurement')} data-testid="trend-no-measurement" />
        ) : telemetries.isPending || (trend.isPending && trend.fetchStatus !== 'idle') ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : noData ? (
          <Empty description={t('noData')} data-testid="trend-no-data" />
        ) : list && list.length === 0 ? (
          <Empty description={t('noMeasurement')} data-testid="trend-no-measurement" />
        ) : v.telemetries.length === 0 ? (
          <Empty description={t('selectTelemetry')} data-testid="trend-select-telemetry" />
        ) : (
          series.length > 0 && (
            <TrendChart
              model={model}
              mode={v.mode}
              labels={labels}
              selected={selected}
              onOpen={onOpen}
              onToggle={onToggle}
              onShownChange={setShown}
              markers={markers}
            />
          )
        )}
      </div>
      {v.showComments && !!trend.data?.notes.length && (
        <Flex vertical gap={2} style={{ maxHeight: 160, overflowY: 'auto' }} data-testid="trend-notes">
          <Typography.Text strong>{t('comments')}</Typography.Text>
          {trend.data.notes.map((n) => (
            <Typography.Link
              key={n.measurement}
              onClick={() => navigate(`/measurement/${n.measurement}`)}
              data-testid="trend-note"
            >
              {formatDate(n.createdAt)} · {n.note}
            </Typography.Link>
          ))}
        </Flex>
      )}
      {markers.length > 0 && series.length > 0 && (
        <Typography.Text type="secondary" data-testid="trend-maintenance-legend">
          {t('maintenance:trendLegend')}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" data-testid="trend-hint">
        {t('clickHint')}
      </Typography.Text>
      <CompareDialog
        open={!!compareRequest}
        items={compare.items ?? []}
        loading={compare.items ? null : { done: compare.done, total: compare.total }}
        loadError={compare.error}
        onClose={() => setCompareRequest(null)}
      />
    </Flex>
  );
}
