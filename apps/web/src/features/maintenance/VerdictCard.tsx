import { useState } from 'react';
import { Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaintenanceOutcome, MaintenanceVerdict, Point, VerdictLine } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { formatValue } from '../fault-reports/faultReportLabels';
import { axisMapping } from '../measurements/axes';
import { changeText, OUTCOME_TAG_COLORS, zoneLetter } from './maintenanceModel';

type Row = VerdictLine & { key: number };

/** The outcome of a verdict (or of one of its lines) as a coloured tag. */
export function OutcomeTag({ outcome, testId }: { outcome: MaintenanceOutcome; testId?: string }) {
  const { t } = useTranslation('maintenance');
  return (
    <Tag color={OUTCOME_TAG_COLORS[outcome]} data-testid={testId} data-outcome={outcome}>
      {t(`outcomes.${outcome}`)}
    </Tag>
  );
}

/** The point's fault reports area: the current URL with `area=faultReports` (the parameter PointTab keeps). */
function useFaultReportsHref(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set('area', 'faultReports');
  return `${location.pathname}?${params.toString()}`;
}

interface Props {
  /** null for a completed record the server has not judged yet (shown as pending). */
  verdict: MaintenanceVerdict | null;
  /** The point, to name the sensor axes by its machine-axis mapping. */
  point?: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'>;
}

/** Lines shown before "show all": the ones that decide the verdict come first. */
const MAIN_LINES = 8;
const OUTCOME_RANK = { worse: 0, improved: 1, unchanged: 2 } as const;

/**
 * The verdict's lines, those that decide it first: worse, then improved, then unchanged, then the
 * ones not compared; within each the ISO 10816 zones first, then the largest change.
 */
export function mainLinesFirst(lines: readonly VerdictLine[]): VerdictLine[] {
  const rank = (l: VerdictLine) => (l.outcome ? OUTCOME_RANK[l.outcome] : 3);
  const zone = (l: VerdictLine) => (l.quantity === 'ISO10816_ZONE' ? 0 : 1);
  return [...lines].sort((a, b) => rank(a) - rank(b) || zone(a) - zone(b) || Math.abs(b.change ?? 0) - Math.abs(a.change ?? 0));
}

/**
 * The verdict on a completed maintenance (issue 16, docs/maintenance.md "Verdict"): its outcome
 * (improved green, unchanged blue, worse red, pending grey "awaiting a measurement after the
 * work"), how many measurements were compared before and after, the compared lines (quantity,
 * axis, median before and after with units, change in dB or ISO 10816 zone steps, per-line
 * outcome) and the fault reports the repair closed, with a link to the point's reports.
 */
export function VerdictCard({ verdict, point }: Props) {
  const { t } = useTranslation('maintenance');
  const formatDate = useDateFormatter();
  const reportsHref = useFaultReportsHref();
  const outcome: MaintenanceOutcome = verdict?.outcome ?? 'pending';
  const mapping = axisMapping(point);
  const [showAll, setShowAll] = useState(false);

  const value = (r: Row, v: number | null) => {
    if (v === null) return <Typography.Text type="secondary">–</Typography.Text>;
    if (r.quantity === 'ISO10816_ZONE') return <span className="mono">{zoneLetter(v)}</span>;
    return (
      <span className="mono">
        {formatValue(v)}
        {r.unit ? ` ${r.unit}` : ''}
      </span>
    );
  };

  const columns: ColumnsType<Row> = [
    {
      key: 'quantity',
      title: t('verdict.quantity'),
      render: (_, r) => (
        <span data-testid="verdict-quantity">
          {t(`quantities.${r.quantity}`)}
          {r.kind ? <span className="mono"> · {r.kind}</span> : null}
        </span>
      ),
    },
    {
      key: 'axis',
      title: t('verdict.axis'),
      render: (_, r) => (r.axis ? t(`measurementDetail:axisLabel.${mapping[`accelerometer_${r.axis}`]}`) : '–'),
    },
    { key: 'before', title: t('verdict.before'), align: 'right', render: (_, r) => value(r, r.before) },
    { key: 'after', title: t('verdict.after'), align: 'right', render: (_, r) => value(r, r.after) },
    {
      key: 'change',
      title: t('verdict.change'),
      align: 'right',
      render: (_, r) => {
        const c = changeText(r);
        if (!c) return <Typography.Text type="secondary">–</Typography.Text>;
        return (
          <span className="mono" data-testid="verdict-change">
            {c.kind === 'zone' ? t('verdict.zoneSteps', { steps: c.steps }) : t('verdict.db', { db: c.db })}
          </span>
        );
      },
    },
    {
      key: 'outcome',
      title: t('verdict.lineOutcome'),
      render: (_, r) => (r.outcome ? <OutcomeTag outcome={r.outcome} testId="verdict-line-outcome" /> : '–'),
    },
  ];

  const closed = verdict?.closedFaultReports.length ?? 0;
  const lines = mainLinesFirst(verdict?.lines ?? []);
  const shown = showAll ? lines : lines.slice(0, MAIN_LINES);
  return (
    <Flex vertical gap={8} data-testid="maintenance-verdict" data-outcome={outcome}>
      <Flex gap={8} wrap align="center">
        <Typography.Text strong>{t('verdict.title')}</Typography.Text>
        <OutcomeTag outcome={outcome} testId="maintenance-verdict-outcome" />
        {outcome === 'pending' ? (
          <Typography.Text type="secondary">{t('verdict.pendingHint')}</Typography.Text>
        ) : (
          verdict?.decidedAt && (
            <Typography.Text type="secondary">{t('verdict.decidedAt', { date: formatDate(verdict.decidedAt) })}</Typography.Text>
          )
        )}
      </Flex>
      {verdict && (
        <Typography.Text type="secondary" data-testid="maintenance-verdict-counts">
          {t('verdict.measurements', { before: verdict.measurementsBefore, after: verdict.measurementsAfter })}
        </Typography.Text>
      )}
      {verdict && verdict.lines.length > 0 && (
        <Table<Row>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={shown.map((l, key) => ({ ...l, key }))}
          pagination={false}
          scroll={{ x: true }}
          data-testid="maintenance-verdict-lines"
        />
      )}
      {lines.length > MAIN_LINES && (
        <Typography.Link onClick={() => setShowAll((v) => !v)} data-testid="maintenance-verdict-all">
          {showAll ? t('verdict.showMain') : t('verdict.showAll', { count: lines.length })}
        </Typography.Link>
      )}
      {closed > 0 && (
        <Flex gap={8} wrap align="center" data-testid="maintenance-closed-reports" data-count={closed}>
          <Typography.Text>{t('verdict.closedReports', { count: closed })}</Typography.Text>
          <Link to={reportsHref} data-testid="maintenance-fault-reports-link">
            {t('verdict.openReports')}
          </Link>
        </Flex>
      )}
    </Flex>
  );
}
