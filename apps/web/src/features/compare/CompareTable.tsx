import { Button, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { removeFromCompareBasket, type CompareItem } from '../../charts/compareBasket';
import { useDateFormatter } from '../../ui/formatDate';
import { measurementPath } from '../measurements/lastMeasurement';
import { channelLabel } from './compareLabels';
import { compareColor } from './compareSeries';

interface Row {
  index: number;
  item: CompareItem;
}

/**
 * The compares in the basket (spec 002 "Compare view"): colour, measurement (its date as a link to
 * it, the id in a tooltip; the id itself, shortened, when the date is unknown), point, channel and
 * a remove button per row.
 */
export function CompareTable({ items, onNavigate }: { items: readonly CompareItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation('compare');
  const formatDate = useDateFormatter();
  const columns: ColumnsType<Row> = [
    {
      key: 'color',
      width: 28,
      render: (_, r) => (
        <span
          aria-hidden
          data-testid="compare-row-color"
          style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: compareColor(r.index) }}
        />
      ),
    },
    {
      key: 'measurement',
      title: t('table.measurement'),
      render: (_, r) => (
        <Tooltip title={<span className="mono">{r.item.measurementId}</span>}>
          <Link
            to={measurementPath(r.item.measurementId)}
            onClick={onNavigate}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="compare-row-link"
          >
            {r.item.date ? (
              formatDate(r.item.date)
            ) : (
              <Typography.Text className="mono" ellipsis style={{ color: 'inherit', maxWidth: 120 }}>
                {r.item.measurementId}
              </Typography.Text>
            )}
          </Link>
        </Tooltip>
      ),
    },
    { key: 'point', title: t('table.point'), render: (_, r) => r.item.pointName || '–' },
    { key: 'channel', title: t('table.channel'), render: (_, r) => channelLabel(t, r.item.channel) },
    {
      key: 'remove',
      width: 48,
      align: 'right',
      render: (_, r) => (
        <Tooltip title={t('table.remove')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('table.remove')}
            onClick={() => removeFromCompareBasket(r.index)}
            data-testid="compare-row-remove"
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <Table<Row>
      size="small"
      rowKey={(r) => `${r.index}/${r.item.measurementId}/${r.item.channel}`}
      columns={columns}
      dataSource={items.map((item, index) => ({ index, item }))}
      pagination={false}
      locale={{ emptyText: t('empty') }}
      data-testid="compare-table"
    />
  );
}
