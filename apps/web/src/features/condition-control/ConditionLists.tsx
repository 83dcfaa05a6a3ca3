import { Empty, Flex, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { healthState, type ConditionActiveAlarm, type FaultReport } from '@overtone/contract';
import { currentLanguage } from '../../core/i18n';
import { HEALTH_COLORS } from '../../ui/health';
import { useDateFormatter } from '../../ui/formatDate';
import { formatConfidence, formatValue, localizedText, SeverityTag } from '../fault-reports/faultReportLabels';

/** A row of the lists: separated by a hairline, as a small list. */
const ITEM_STYLE = { padding: '6px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' } as const;

/** Months of the time-to-stop texts (spec 001 §4: critical 1, hazard 2, attention 3). */
const isKnownMonths = (m: number | null): m is 1 | 2 | 3 => m === 1 || m === 2 || m === 3;

/**
 * Open fault reports, most severe first (the server's order): severity, fault name, bearing
 * component, confidence, time to stop (spec 001 §4) and since when.
 */
export function OpenReportsList({ reports, testId }: { reports: FaultReport[]; testId: string }) {
  const { t } = useTranslation('condition');
  const formatDate = useDateFormatter();
  const language = currentLanguage();
  if (!reports.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.none')} data-testid={`${testId}-empty`} />;
  return (
    <Flex vertical role="list">
      {reports.map((r) => (
        <div key={r.id} role="listitem" style={ITEM_STYLE} data-testid={`${testId}-item`} data-severity={r.severity}>
          <Flex vertical>
            <Space size={6} wrap>
              <SeverityTag severity={r.severity} />
              <Typography.Text strong data-testid="report-name">
                {localizedText(r.name, language)}
              </Typography.Text>
              {r.bearingComponent && <Typography.Text type="secondary">{t(`components.${r.bearingComponent}`)}</Typography.Text>}
            </Space>
            <Typography.Text type="secondary">
              {t('reports.detail', {
                timeToStop: isKnownMonths(r.timeToStopMonths) ? t(`timeToStop.${r.timeToStopMonths}`) : '–',
                confidence: formatConfidence(r.confidence),
                since: formatDate(r.createdAt),
              })}
            </Typography.Text>
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

/** Alarms not healthy now: level, name, telemetry and source, the deciding value and since when. */
export function ActiveAlarmsList({
  alarms,
  telemetryName = (name) => name,
  sourceName = (source) => source,
}: {
  alarms: ConditionActiveAlarm[];
  /** a telemetry's name on screen (useTelemetryLabel) */
  telemetryName?: (name: string) => string;
  /** a source's name on screen (the point's axis mapping) */
  sourceName?: (source: string) => string;
}) {
  const { t } = useTranslation('condition');
  const formatDate = useDateFormatter();
  if (!alarms.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.none')} data-testid="condition-alarms-empty" />;
  return (
    <Flex vertical role="list">
      {alarms.map((a) => {
        const state = healthState.safeParse(a.level.name).data ?? 'unknown';
        return (
          <div key={a.alarmId} role="listitem" style={ITEM_STYLE} data-testid="condition-alarm" data-level={state}>
            <Flex vertical>
              <Space size={6} wrap>
                <Tag color={HEALTH_COLORS[state]}>{t(`level.${state}`)}</Tag>
                <Typography.Text strong>{a.kind === 'noData' ? t('alarms.noData') : a.name}</Typography.Text>
                <Typography.Text type="secondary">{t(`alarms.kind.${a.kind}`)}</Typography.Text>
              </Space>
              <Typography.Text type="secondary">
                {[
                  a.kind === 'noData' ? null : `${telemetryName(a.telemetry)} · ${sourceName(a.source)}`,
                  a.score === null
                    ? null
                    : t(a.kind === 'noData' ? 'alarms.hoursSince' : 'alarms.value', { value: formatValue(a.score) }),
                  a.since ? t('alarms.since', { date: formatDate(a.since) }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
              {a.measurementId && (
                <Link to={`/measurement/${a.measurementId}`} data-testid="alarm-measurement-link">
                  {t('alarms.openMeasurement')}
                </Link>
              )}
            </Flex>
          </div>
        );
      })}
    </Flex>
  );
}
