import { Descriptions, Flex, Tag, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FaultReport, Point } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { EvidenceTable } from './EvidenceTable';
import { SeverityTag } from './faultReportLabels';

interface Props {
  report: FaultReport;
  point?: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'>;
}

/**
 * What an expanded report shows (spec 001 §3, issue 15): description, indication, cause, the
 * suggestions in their order, the severity history (oldest first) and the evidence table.
 */
export function FaultReportDetails({ report, point }: Props) {
  const { t } = useTranslation('faultReports');
  const formatDate = useDateFormatter();
  return (
    <Flex vertical gap={12} data-testid="fault-report-details" style={{ padding: '4px 8px' }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'description', label: t('fields.description'), children: report.description },
          { key: 'indication', label: t('fields.indication'), children: report.indication },
          { key: 'cause', label: t('fields.cause'), children: report.cause },
          {
            key: 'suggestions',
            label: t('fields.suggestions'),
            children: report.suggestions.length ? (
              <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="report-suggestions">
                {report.suggestions.map((s, i) => (
                  <li key={i}>{s}</li>
                ))}
              </ol>
            ) : (
              '–'
            ),
          },
          {
            key: 'history',
            label: t('fields.severityHistory'),
            children: (
              <Flex gap={6} wrap align="center" data-testid="severity-history">
                {report.severityHistory.map((h, i) => (
                  <Flex key={i} gap={4} align="center">
                    {i > 0 && <ArrowRightOutlined style={{ color: '#8c8c8c', fontSize: 11 }} />}
                    <SeverityTag severity={h.severity} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDate(h.at)}
                    </Typography.Text>
                  </Flex>
                ))}
              </Flex>
            ),
          },
          ...(report.status === 'closed'
            ? [
                {
                  key: 'closed',
                  label: t('fields.closed'),
                  children: (
                    <span>
                      {formatDate(report.closedAt)} {report.closedReason && <Tag>{t(`closedReason.${report.closedReason}`)}</Tag>}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('evidence.title')}
        </Typography.Title>
        <EvidenceTable evidence={report.evidence} point={point} />
      </div>
    </Flex>
  );
}
