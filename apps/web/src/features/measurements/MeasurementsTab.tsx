import { useMemo, useState } from 'react';
import { Button, Flex, Table, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type MeasurementListItem } from '@overtone/contract';
import { useDateFormatter } from '../../ui/formatDate';
import { GoLastMeasurementLink } from './GoLastMeasurementLink';
import { measurementColumns } from './measurementColumns';
import { useMeasurementsQuery } from './measurementsApi';

/** The measurements list (spec 000 §2): paged table, refresh, Go Last Measurement. Filters: later issue. */
export function MeasurementsTab() {
  const { t } = useTranslation('measurements');
  const formatDate = useDateFormatter();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const q = useMeasurementsQuery({ page, pageSize });
  const columns = useMemo(() => measurementColumns(t, formatDate), [t, formatDate]);

  return (
    <Flex vertical gap={8} data-testid="measurements-tab">
      <Flex align="center" justify="end" gap={4}>
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
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q.isError ? t('loadFailed') : undefined }}
        pagination={{
          current: page,
          pageSize,
          total: q.data?.total ?? 0,
          placement: ['topEnd', 'bottomEnd'],
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
        }}
      />
    </Flex>
  );
}
