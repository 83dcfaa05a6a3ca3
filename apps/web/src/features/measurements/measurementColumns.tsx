import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { MeasurementListItem } from '@overtone/contract';
import { measurementPath } from './lastMeasurement';
import { MeasurementStateTags, MeasurementTypeTag } from './MeasurementTags';
import { pointPathText } from './pointPath';

/** Columns of the measurements table (spec 000 §2 "Measurements tab"). */
export function measurementColumns(
  t: TFunction<'measurements'>,
  formatDate: (iso: string) => string,
): ColumnsType<MeasurementListItem> {
  return [
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(v)}</span>,
    },
    {
      key: 'user',
      title: t('columns.user'),
      render: (_, m) =>
        m.user ? `${m.user.name} ${m.user.surname}` : <Typography.Text type="secondary">{t('noUser')}</Typography.Text>,
    },
    { key: 'point', title: t('columns.point'), render: (_, m) => pointPathText(m.point) },
    {
      key: 'gateway',
      title: t('columns.gateway'),
      dataIndex: 'gateway',
      render: (v: string | null) => <span className="mono">{v ?? ''}</span>,
    },
    {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'measurementType',
      render: (v: MeasurementListItem['measurementType']) => <MeasurementTypeTag type={v} />,
    },
    {
      key: 'details',
      title: t('columns.details'),
      render: (_, m) => (
        <Flex gap={6} align="center" wrap>
          <Link to={measurementPath(m._id)} data-testid="measurement-details-link">
            {t('details')}
          </Link>
          <MeasurementStateTags item={m} />
        </Flex>
      ),
    },
    {
      key: 'macAddress',
      title: t('columns.macAddress'),
      dataIndex: 'macAddress',
      render: (v: string) => <span className="mono">{v}</span>,
    },
    {
      key: 'favorite',
      title: t('columns.favorite'),
      dataIndex: 'favorite',
      align: 'center',
      width: 80,
      render: (v: boolean) =>
        v ? (
          <StarFilled style={{ color: '#fadb14' }} aria-label={t('favorite')} />
        ) : (
          <StarOutlined style={{ color: '#bfbfbf' }} aria-label={t('notFavorite')} />
        ),
    },
  ];
}
