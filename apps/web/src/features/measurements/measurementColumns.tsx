import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import type { MeasurementListItem } from '@overtone/contract';
import { measurementPath } from './lastMeasurement';
import { MeasurementStateTags, MeasurementTypeTag } from './MeasurementTags';
import { PointPathCell } from './PointPathCell';

/**
 * Width of each fixed column, px: its content in the widest language (MACs in a 13 px monospace,
 * dates as `DD-MM-YYYY HH:mm:ss`). The point path takes the rest, at least {@link MIN_POINT_WIDTH};
 * user, type and favourite are cut with an ellipsis (the whole text in the cell's title), the point
 * per line (PointPathCell: its name, then its groups).
 * The table scrolls sideways below {@link MEASUREMENT_TABLE_MIN_WIDTH} (998 px), so at 1440 px with
 * the asset tree shown (about 1030 px for the table, less a page scroll bar) every column is visible.
 */
export const MEASUREMENT_COLUMN_WIDTHS = {
  selection: 32,
  createdAt: 162,
  user: 112,
  gateway: 146,
  type: 104,
  details: 96,
  macAddress: 146,
  favorite: 80,
} as const;
const MIN_POINT_WIDTH = 120;
/** The table's scroll width: the fixed columns plus the point path's minimum. */
export const MEASUREMENT_TABLE_MIN_WIDTH = Object.values(MEASUREMENT_COLUMN_WIDTHS).reduce((a, b) => a + b, 0) + MIN_POINT_WIDTH;
/** MAC addresses of the table: 17 monospace characters (about 130 px at this size) fit 146 px with the cell's padding. */
const MAC_STYLE = { fontSize: 13, whiteSpace: 'nowrap' } as const;

/**
 * Columns of the measurements table (spec 000 §2 "Measurements tab"). `formatDate` shows an instant
 * in the customer's zone, named in the date column's title (`zone`, e.g. GMT+3).
 */
export function measurementColumns(
  t: TFunction<'measurements'>,
  formatDate: (iso: string) => string,
  zone: string,
): ColumnsType<MeasurementListItem> {
  const W = MEASUREMENT_COLUMN_WIDTHS;
  return [
    {
      key: 'createdAt',
      title: t('columns.createdAtInZone', { zone }),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="measurement-created-at">
          {formatDate(v)}
        </span>
      ),
    },
    {
      key: 'user',
      title: t('columns.user'),
      width: W.user,
      ellipsis: true,
      render: (_, m) =>
        m.user ? `${m.user.name} ${m.user.surname}` : <Typography.Text type="secondary">{t('noUser')}</Typography.Text>,
    },
    { key: 'point', title: t('columns.point'), render: (_, m) => <PointPathCell point={m.point} /> },
    {
      key: 'gateway',
      title: t('columns.gateway'),
      dataIndex: 'gateway',
      width: W.gateway,
      render: (v: string | null) => (
        <span className="mono" style={MAC_STYLE}>
          {v ?? ''}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'measurementType',
      width: W.type,
      ellipsis: true,
      render: (v: MeasurementListItem['measurementType']) => <MeasurementTypeTag type={v} />,
    },
    {
      key: 'details',
      title: t('columns.details'),
      width: W.details,
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
      width: W.macAddress,
      render: (v: string) => (
        <span className="mono" style={MAC_STYLE}>
          {v}
        </span>
      ),
    },
    {
      key: 'favorite',
      title: t('columns.favorite'),
      dataIndex: 'favorite',
      align: 'center',
      width: W.favorite,
      ellipsis: true,
      render: (v: boolean) =>
        v ? (
          <StarFilled style={{ color: '#fadb14' }} aria-label={t('favorite')} />
        ) : (
          <StarOutlined style={{ color: '#bfbfbf' }} aria-label={t('notFavorite')} />
        ),
    },
  ];
}
