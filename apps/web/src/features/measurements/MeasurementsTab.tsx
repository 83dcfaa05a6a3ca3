import { useMemo, useState } from 'react';
import { Button, Flex, Table, Tag, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type MeasurementListItem } from '@overtone/contract';
import { useCustomerZone, useDateFormatter } from '../../ui/formatDate';
import { GoLastMeasurementLink } from './GoLastMeasurementLink';
import { MeasurementActions } from './MeasurementActions';
import { MeasurementFilters } from './MeasurementFilters';
import { MEASUREMENT_COLUMN_WIDTHS, MEASUREMENT_TABLE_MIN_WIDTH, measurementColumns } from './measurementColumns';
import { defaultFilters, filtersToQuery, type MeasurementFilterValues } from './measurementFilters';
import { useMeasurementsQuery } from './measurementsApi';
import { pointsParam } from '../tree/checkedPoints';

/**
 * The measurements list (spec 000 §2): filters, paged table (pagination on top and bottom) with a
 * selection, delete and download, refresh, Go Last Measurement; only the tree's checked points when
 * some are checked (`points`; none or all checked: every point). Dates, in the filter and in the
 * table, are the customer's time zone's (preferences), whatever the browser's zone.
 */
export function MeasurementsTab({ points = null }: { points?: readonly string[] | null }) {
  const { t } = useTranslation('measurements');
  const formatDate = useDateFormatter();
  const zone = useCustomerZone();
  const [initial] = useState(() => defaultFilters(zone.offsetMinutes));
  const [filters, setFilters] = useState<MeasurementFilterValues>(initial);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<string[]>([]);
  const checked = pointsParam(points);
  const query = useMemo(
    () => ({ ...filtersToQuery(filters, zone.offsetMinutes), points: checked }),
    [filters, zone.offsetMinutes, checked],
  );
  const q = useMeasurementsQuery({ ...query, page, pageSize });
  const columns = useMemo(() => measurementColumns(t, formatDate, zone.zone), [t, formatDate, zone.zone]);
  const total = q.data?.total ?? 0;

  return (
    <Flex vertical gap={8} data-testid="measurements-tab">
      <MeasurementFilters
        initial={initial}
        onApply={(f) => {
          setFilters(f);
          setPage(1);
          setSelected([]);
          if (f === filters) void q.refetch();
        }}
      />
      <Flex align="center" justify="end" gap={4} wrap>
        {points?.length ? (
          <Tag color="blue" data-testid="measurements-checked-points" style={{ marginInlineEnd: 'auto' }}>
            {t('checkedPointsFilter', { count: points.length })}
          </Tag>
        ) : null}
        <MeasurementActions selected={selected} filters={query} onDeleted={() => setSelected([])} />
        <GoLastMeasurementLink />
        <Tooltip title={t('refresh')}>
          <Button
            icon={<ReloadOutlined spin={q.isFetching} />}
            onClick={() => void q.refetch()}
            aria-label={t('refresh')}
            data-testid="measurements-refresh"
          />
        </Tooltip>
      </Flex>
      <Table<MeasurementListItem>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={q.data?.measurements ?? []}
        loading={q.isFetching}
        tableLayout="fixed"
        scroll={{ x: MEASUREMENT_TABLE_MIN_WIDTH }}
        rowSelection={{
          columnWidth: MEASUREMENT_COLUMN_WIDTHS.selection,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          preserveSelectedRowKeys: true,
        }}
        locale={{ emptyText: q.isError ? t('loadFailed') : undefined }}
        pagination={{
          current: page,
          pageSize,
          total,
          placement: ['topEnd', 'bottomEnd'],
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => (q.data?.totalExact === false ? t('totalAtLeast', { count: n }) : t('total', { count: n })),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
    </Flex>
  );
}
