import { useState } from 'react';
import { Badge, Button, Card, Flex, Result, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FilePdfOutlined, FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type FaultReport } from '@overtone/contract';
import { currentLanguage } from '../../core/i18n';
import { hasPermission, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { usePointQuery } from '../points/pointApi';
import { ConfirmationStats } from './ConfirmationStats';
import { EvaluationDialog } from './EvaluationDialog';
import { FaultReportDetails } from './FaultReportDetails';
import { usePointFaultReportsQuery, type FaultReportsParams, type ReportStatusFilter } from './faultReportsApi';
import { formatConfidence, localizedText, SeverityTag } from './faultReportLabels';
import { PdfPreviewDialog } from './PdfPreviewDialog';

/** Default page size of the list (spec 001 §9: 10, 25, 50, 75, default 10). */
export const DEFAULT_REPORTS_PAGE_SIZE = 10;
const STATUS_FILTERS: ReportStatusFilter[] = ['all', 'open', 'closed'];

/** Months of the time-to-stop texts (spec 001 §4: critical 1, hazard 2, attention 3). */
const isKnownMonths = (m: number | null): m is 1 | 2 | 3 => m === 1 || m === 2 || m === 3;

type Dialog = { kind: 'evaluate' | 'pdf'; report: FaultReport } | null;

/**
 * The point's "vibration analyze reports" tab (spec 001 §2, §3, §4; issue 15): how often each
 * fault was confirmed, then the reports newest first (open ones marked) with severity, fault,
 * bearing component, confidence, time to stop, dates and status; a report expands to its texts,
 * severity history and evidence. Evaluate (with a 'new' badge while unanswered, updateFaultReport)
 * opens the questions; PDF opens the 712 × 1150 preview. Nothing is fetched without readFaultReport.
 */
export function FaultReportsTab({ pointId }: { pointId: string }) {
  const { t } = useTranslation('faultReports');
  const session = useSession();
  const canRead = hasPermission(session, 'readFaultReport');
  const canUpdate = hasPermission(session, 'updateFaultReport');
  const formatDate = useDateFormatter();
  const language = currentLanguage();
  const [params, setParams] = useState<FaultReportsParams>({
    pageNumber: 1,
    pageSize: DEFAULT_REPORTS_PAGE_SIZE,
    status: 'all',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const q = usePointFaultReportsQuery(pointId, params, canRead);
  const point = usePointQuery(canRead ? pointId : undefined, { silent: true });

  if (!canRead) return <Result status="info" title={t('noPermission')} data-testid="fault-reports-no-permission" />;

  const columns: ColumnsType<FaultReport> = [
    { key: 'severity', title: t('columns.severity'), render: (_, r) => <SeverityTag severity={r.severity} /> },
    {
      key: 'name',
      title: t('columns.fault'),
      // the fault's name is the row's subject: it keeps room for whole words (others may wrap)
      onCell: () => ({ style: { minWidth: 200 } }),
      render: (_, r) => (
        <Space size={4} wrap>
          <Typography.Text strong={r.status === 'open'} data-testid="report-name">
            {localizedText(r.name, language)}
          </Typography.Text>
          {r.detectionType === 'sensor' && <Tag color="purple">{t('sensorFault')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'component',
      title: t('columns.component'),
      render: (_, r) => (r.bearingComponent ? t(`components.${r.bearingComponent}`) : '–'),
    },
    {
      key: 'confidence',
      title: t('columns.confidence'),
      align: 'right',
      render: (_, r) => <span className="mono">{formatConfidence(r.confidence)}</span>,
    },
    {
      key: 'timeToStop',
      title: t('columns.timeToStop'),
      render: (_, r) => r.timeToStop ?? (isKnownMonths(r.timeToStopMonths) ? t(`timeToStop.${r.timeToStopMonths}`) : '–'),
    },
    { key: 'createdAt', title: t('columns.createdAt'), render: (_, r) => formatDate(r.createdAt) },
    { key: 'updatedAt', title: t('columns.updatedAt'), render: (_, r) => formatDate(r.updatedAt) },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) =>
        r.status === 'open' ? (
          <Tag color="processing" data-testid="report-status" data-status="open">
            {t('status.open')}
          </Tag>
        ) : (
          <Tooltip title={r.closedReason ? t(`closedReason.${r.closedReason}`) : undefined}>
            <Tag data-testid="report-status" data-status="closed">
              {t('status.closed')}
            </Tag>
          </Tooltip>
        ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, r) => (
        <Space size={4}>
          {(canUpdate || r.isAnswered) && (
            <Badge count={r.isAnswered ? 0 : t('new')} size="small" offset={[-4, 0]} data-testid="evaluate-badge">
              <Button
                size="small"
                icon={<FormOutlined />}
                onClick={() => setDialog({ kind: 'evaluate', report: r })}
                data-testid="report-evaluate"
              >
                {canUpdate ? t('evaluate') : t('viewEvaluation')}
              </Button>
            </Badge>
          )}
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            onClick={() => setDialog({ kind: 'pdf', report: r })}
            data-testid="report-pdf"
          >
            {t('pdf.open')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="fault-reports-tab"
      extra={
        <Segmented<ReportStatusFilter>
          value={params.status}
          onChange={(status) => setParams((p) => ({ ...p, status, pageNumber: 1 }))}
          options={STATUS_FILTERS.map((f) => ({ value: f, label: t(`filters.${f}`) }))}
          data-testid="reports-status-filter"
        />
      }
    >
      <Flex vertical gap={12}>
        <ConfirmationStats pointId={pointId} />
        {q.isError ? (
          <Result
            status="warning"
            title={t('loadFailed')}
            subTitle={q.error.message}
            extra={<Button onClick={() => void q.refetch()}>{t('common:retry')}</Button>}
          />
        ) : (
          <Table<FaultReport>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={q.data?.detectionReports ?? []}
            loading={q.isFetching}
            locale={{ emptyText: t('empty') }}
            scroll={{ x: true }}
            rowClassName={(r) => (r.status === 'open' ? 'fault-report-open' : 'fault-report-closed')}
            expandable={{
              expandedRowRender: (r) => <FaultReportDetails report={r} point={point.data} />,
              expandRowByClick: false,
            }}
            pagination={{
              current: params.pageNumber,
              pageSize: params.pageSize,
              total: q.data?.total ?? 0,
              pageSizeOptions: PAGE_SIZES.map(String),
              showSizeChanger: true,
              onChange: (pageNumber, pageSize) =>
                setParams((p) => ({ ...p, pageNumber: pageSize !== p.pageSize ? 1 : pageNumber, pageSize })),
            }}
          />
        )}
      </Flex>
      {dialog?.kind === 'evaluate' && (
        <EvaluationDialog report={dialog.report} editable={canUpdate} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'pdf' && <PdfPreviewDialog report={dialog.report} onClose={() => setDialog(null)} />}
    </Card>
  );
}
