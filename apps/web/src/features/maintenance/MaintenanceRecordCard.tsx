import { Button, Card, Flex, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaintenanceRecord, Point } from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { useDateFormatter } from '../../ui/formatDate';
import { formatWallClock, STATUS_COLORS } from './maintenanceModel';
import { VerdictCard } from './VerdictCard';

interface Props {
  record: MaintenanceRecord;
  point?: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'>;
  /** Shown with updateMaintenance only. */
  onEdit?(record: MaintenanceRecord): void;
}

/**
 * One maintenance record: title, status (green completed / orange continues, as the calendar dot),
 * start in the customer's zone and format, who recorded it, the description, and on a completed
 * record its verdict.
 */
export function MaintenanceRecordCard({ record: r, point, onEdit }: Props) {
  const { t } = useTranslation('maintenance');
  const { dateFormat } = useCustomer();
  const formatDate = useDateFormatter();
  const showVerdict = r.status === 'completed' || r.verdict !== null;

  return (
    <Card
      size="small"
      data-testid={`maintenance-record-${r._id}`}
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong data-testid="maintenance-record-title">
            {r.title}
          </Typography.Text>
          <Tag color={STATUS_COLORS[r.status]} data-testid="maintenance-record-status" data-status={r.status}>
            {t(`status.${r.status}`)}
          </Tag>
        </Flex>
      }
      extra={
        onEdit && (
          <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(r)} data-testid={`maintenance-edit-${r._id}`}>
            {t('edit')}
          </Button>
        )
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary" data-testid="maintenance-record-start">
          {t('startedAt', { date: formatWallClock(r.maintenanceStartDate, dateFormat) })}
          {r.createdBy ? ` · ${t('recordedBy', { name: r.createdBy.name })}` : ''}
          {r.completedAt ? ` · ${t('completedAt', { date: formatDate(r.completedAt) })}` : ''}
        </Typography.Text>
        {r.description ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="maintenance-record-description">
            {r.description}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('noDescription')}</Typography.Text>
        )}
        {showVerdict && <VerdictCard verdict={r.verdict} point={point} />}
      </Flex>
    </Card>
  );
}
