import { Button, Card, List, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../ui/formatDate';
import { measurementPath } from '../measurements/lastMeasurement';
import { useMeasurementsQuery } from '../measurements/measurementsApi';
import { MeasurementStateTags, MeasurementTypeTag } from '../measurements/MeasurementTags';

/** Latest measurements of a point: `GET /measurement?points={id}&page=1&pageSize=10`. */
export function PointMeasurements({ pointId }: { pointId: string }) {
  const { t } = useTranslation('point');
  const formatDate = useDateFormatter();
  const q = useMeasurementsQuery({ page: 1, pageSize: 10, points: pointId });

  return (
    <Card
      size="small"
      title={t('latestMeasurements')}
      extra={
        <Button
          type="text"
          icon={<ReloadOutlined spin={q.isFetching} />}
          aria-label={t('common:refresh')}
          onClick={() => void q.refetch()}
          data-testid="point-measurements-refresh"
        />
      }
      data-testid="point-measurements"
    >
      <List
        size="small"
        loading={q.isPending}
        dataSource={q.data?.measurements ?? []}
        locale={{ emptyText: t('noMeasurements') }}
        renderItem={(m) => (
          <List.Item
            extra={
              <Space size={4}>
                <MeasurementTypeTag type={m.measurementType} />
                <MeasurementStateTags item={m} />
              </Space>
            }
          >
            <Link to={measurementPath(m._id)}>{formatDate(m.createdAt)}</Link>
            {m.tags.length > 0 && (
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                {m.tags.join(', ')}
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
