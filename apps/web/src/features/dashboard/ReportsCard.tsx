import { useState } from 'react';
import { App, Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FaultReport } from '@overtone/contract';
import { currentLanguage } from '../../core/i18n';
import { useDateFormatter } from '../../ui/formatDate';
import { fetchFaultReportPdf, reportLanguageOf } from '../fault-reports/faultReportsApi';
import { localizedText, SeverityTag } from '../fault-reports/faultReportLabels';
import { PdfPreviewDialog, pdfFileName } from '../fault-reports/PdfPreviewDialog';
import { DashboardCard } from './DashboardCard';
import { useDashboardReports } from './dashboardApi';
import { saveBlob } from '../../ui/saveBlob';

/**
 * Downloads a report's PDF in the interface language (the preview dialog's download, without the
 * dialog): `GET /fault-reports/{id}/pdf?language=…`, saved under the server's file name.
 * @throws ApiError with the translated message
 */
export async function downloadReportPdf(report: FaultReport): Promise<void> {
  const language = reportLanguageOf(currentLanguage());
  const pdf = await fetchFaultReportPdf(report.id, language);
  saveBlob(pdf.blob, pdf.fileName ?? pdfFileName(report, language));
}

/**
 * The last reports (spec 001 §2): the 10 newest fault reports of the filtered points with fault
 * name (interface language), point, severity and date (customer's format), the PDF preview dialog
 * and a direct download.
 */
export function ReportsCard({ points, onOpenPoint }: { points?: string; onOpenPoint?: (pointId: string) => void }) {
  const { t } = useTranslation('dashboard');
  const { message } = App.useApp();
  const formatDate = useDateFormatter();
  const q = useDashboardReports(points);
  const [preview, setPreview] = useState<FaultReport | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const reports = q.data?.data.detectionReports ?? [];

  const download = (r: FaultReport) => {
    setDownloading(r.id);
    downloadReportPdf(r)
      .catch((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)))
      .finally(() => setDownloading(null));
  };

  const columns: ColumnsType<FaultReport> = [
    {
      key: 'fault',
      title: t('reports.fault'),
      render: (_, r) => <span data-testid="dashboard-report-fault">{localizedText(r.name, currentLanguage())}</span>,
    },
    {
      key: 'point',
      title: t('reports.point'),
      render: (_, r) => (
        <Tooltip title={r.pointPath}>
          <Typography.Link onClick={() => onOpenPoint?.(r.point)} data-testid="dashboard-report-point">
            {r.pointName}
          </Typography.Link>
        </Tooltip>
      ),
    },
    { key: 'severity', title: t('reports.severity'), render: (_, r) => <SeverityTag severity={r.severity} /> },
    {
      key: 'date',
      title: t('reports.date'),
      render: (_, r) => (
        <span className="mono" data-testid="dashboard-report-date">
          {formatDate(r.createdAt)}
        </span>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, r) => (
        <Space size={4}>
          <Tooltip title={t('reports.preview')}>
            <Button
              size="small"
              icon={<FilePdfOutlined />}
              aria-label={t('reports.preview')}
              onClick={() => setPreview(r)}
              data-testid="dashboard-report-preview"
            />
          </Tooltip>
          <Tooltip title={t('reports.download')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('reports.download')}
              loading={downloading === r.id}
              onClick={() => download(r)}
              data-testid="dashboard-report-download"
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <DashboardCard
      title={t('reports.title')}
      testId="dashboard-reports"
      loading={q.isPending}
      empty={q.isError || reports.length === 0}
      emptyText={t('reports.empty')}
    >
      <Table<FaultReport>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={reports}
        pagination={false}
        scroll={{ x: true }}
      />
      {preview && <PdfPreviewDialog report={preview} onClose={() => setPreview(null)} />}
    </DashboardCard>
  );
}
