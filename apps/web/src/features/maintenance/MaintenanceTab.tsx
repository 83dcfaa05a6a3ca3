import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaintenanceRecord } from '@overtone/contract';
import { useCustomer } from '../../core/customer/CustomerContext';
import { hasPermission, useSession } from '../../core/session';
import { useCustomerZone } from '../../ui/formatDate';
import { usePointQuery } from '../points/pointApi';
import { MaintenanceCalendar, type CalendarSelection } from './MaintenanceCalendar';
import { MaintenanceDialog } from './MaintenanceDialog';
import { MaintenanceRecordCard } from './MaintenanceRecordCard';
import { useMaintenancesQuery } from './maintenanceApi';
import {
  dayKeyOf,
  formatWallClock,
  monthKeyOf,
  monthTitle,
  newestFirst,
  nowOnCustomerClock,
  recordsByDay,
} from './maintenanceModel';

type Dialog = { kind: 'create' } | { kind: 'edit'; record: MaintenanceRecord } | null;

/** The selection showing a start date (`YYYY-MM-DD HH:mm:ss`): its day in its month. */
const selectionOf = (start: string): CalendarSelection => ({ month: start.slice(0, 7), day: start.slice(0, 10) });

/**
 * The point's maintenance tab (spec 001 §2 "Maintenance", §3, §4, §7, §8; issue 16): a calendar of
 * the records (a green dot when completed, orange otherwise), beside it the records of the picked
 * day or of the shown month, newest first, each with its verdict when completed; Create
 * (createMaintenance) and Edit (updateMaintenance) dialogs. Nothing is fetched without
 * readMaintenance. The calendar opens on today's month in the customer's zone.
 */
export function MaintenanceTab({ pointId }: { pointId: string }) {
  const { t, i18n } = useTranslation('maintenance');
  const session = useSession();
  const canRead = hasPermission(session, 'readMaintenance');
  const canCreate = hasPermission(session, 'createMaintenance');
  const canUpdate = hasPermission(session, 'updateMaintenance');
  const { dateFormat } = useCustomer();
  const { offsetMinutes } = useCustomerZone();
  const q = useMaintenancesQuery(pointId, canRead);
  const point = usePointQuery(canRead ? pointId : undefined, { silent: true });
  const [selection, setSelection] = useState<CalendarSelection>(() => ({
    month: nowOnCustomerClock(offsetMinutes).format('YYYY-MM'),
    day: null,
  }));
  const [dialog, setDialog] = useState<Dialog>(null);

  const records = useMemo(() => q.data ?? [], [q.data]);
  const byDay = useMemo(() => recordsByDay(records), [records]);
  const shown = useMemo(
    () => newestFirst(records.filter((r) => (selection.day ? dayKeyOf(r) === selection.day : monthKeyOf(r) === selection.month))),
    [records, selection],
  );
  const latest = newestFirst(records)[0];

  if (!canRead) return <Result status="info" title={t('noPermission')} data-testid="maintenance-no-permission" />;

  const heading = selection.day
    ? t('dayHeading', { date: formatWallClock(`${selection.day} 00:00:00`, dateFormat.split(' ')[0] ?? dateFormat) })
    : t('monthHeading', { month: monthTitle(selection.month, i18n.language) });

  return (
    <Card
      size="small"
      title={t('title')}
      data-testid="maintenance-tab"
      extra={
        canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="maintenance-create"
          >
            {t('create')}
          </Button>
        )
      }
    >
      {q.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          subTitle={q.error.message}
          extra={
            <Button onClick={() => void q.refetch()} data-testid="maintenance-retry">
              {t('common:retry')}
            </Button>
          }
        />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <MaintenanceCalendar byDay={byDay} selection={selection} onSelect={setSelection} />
          </Col>
          <Col xs={24} xl={12}>
            <Flex vertical gap={12} data-testid="maintenance-list" data-count={shown.length}>
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Typography.Text strong data-testid="maintenance-list-heading">
                  {heading}
                </Typography.Text>
                {selection.day && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setSelection({ month: selection.month, day: null })}
                    data-testid="maintenance-show-month"
                  >
                    {t('showMonth')}
                  </Button>
                )}
              </Flex>
              {q.isPending ? (
                <Skeleton active paragraph={{ rows: 4 }} data-testid="maintenance-loading" />
              ) : shown.length === 0 ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={records.length ? t(selection.day ? 'emptyDay' : 'emptyMonth') : t('empty')}
                  data-testid="maintenance-empty"
                >
                  {latest && (
                    <Button
                      onClick={() => setSelection(selectionOf(latest.maintenanceStartDate))}
                      data-testid="maintenance-go-latest"
                    >
                      {t('goLatest')}
                    </Button>
                  )}
                </Empty>
              ) : (
                shown.map((r) => (
                  <MaintenanceRecordCard
                    key={r._id}
                    record={r}
                    point={point.data}
                    onEdit={canUpdate ? (record) => setDialog({ kind: 'edit', record }) : undefined}
                  />
                ))
              )}
            </Flex>
          </Col>
        </Row>
      )}
      {dialog && (
        <MaintenanceDialog
          pointId={pointId}
          record={dialog.kind === 'edit' ? dialog.record : null}
          onClose={() => setDialog(null)}
          onSaved={(start) => setSelection(selectionOf(start))}
        />
      )}
    </Card>
  );
}
