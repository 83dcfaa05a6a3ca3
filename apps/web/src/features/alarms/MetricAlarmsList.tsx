import { useState } from 'react';
import { App, Button, Result, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { THRESHOLD_LEVELS, type MetricAlarm, type Point } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { useTelemetryQuery } from '../telemetry/telemetryApi';
import { DIRECTION_KEY, LevelTag, formatThreshold, levelColor, sourceLabel, thresholdText } from './alarmLabels';
import { useMetricAlarmMutations, useMetricAlarmsQuery } from './alarmsApi';
import { MetricAlarmDialog } from './MetricAlarmDialog';
import { telemetryLabel } from '../telemetry/telemetryName';

type Editing = { alarm: MetricAlarm | null } | null;

/**
 * The point's metric alarms (spec 001 §2 Alarms): name, telemetry, source, direction, the
 * thresholds coloured by level, delay and hysteresis, the current level. Create (createAlarm), edit
 * (updateAlarm) and delete (deleteAlarm, after a warning confirmation; cancelling says "delete
 * cancelled", §8). The caller renders it only with readAlarm.
 */
export function MetricAlarmsList({
  pointId,
  point,
}: {
  pointId: string;
  point: Pick<Point, 'coordinateXAxis' | 'coordinateYAxis' | 'coordinateZAxis'> | undefined;
}) {
  const { t } = useTranslation('alarms');
  const { message, modal } = App.useApp();
  const session = useSession();
  const canCreate = hasPermission(session, 'createAlarm');
  const canUpdate = hasPermission(session, 'updateAlarm');
  const canDelete = hasPermission(session, 'deleteAlarm');
  const q = useMetricAlarmsQuery(pointId, true);
  const telemetry = useTelemetryQuery();
  const { remove } = useMetricAlarmMutations(pointId);
  const [editing, setEditing] = useState<Editing>(null);

  const telemetryName = (name: string) => {
    const d = telemetry.data?.find((x) => x.name === name);
    const label = telemetryLabel(t, name, d?.displayName);
    return d?.unit ? `${label} (${d.unit})` : label;
  };

  const confirmDelete = (a: MetricAlarm) =>
    modal.confirm({
      title: t('metric.deleteConfirm', { name: a.name }),
      content: t('metric.deleteHint'),
      okText: t('metric.delete'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'confirm-delete-ok' } as object) },
      cancelText: t('common:cancel'),
      cancelButtonProps: { ...({ 'data-testid': 'confirm-delete-cancel' } as object) },
      onOk: () =>
        remove.mutateAsync(a._id).then(
          () => void message.success(t('metric.deleted')),
          () => undefined,
        ),
      onCancel: () => void message.info(t('metric.deleteCanceled')),
    });

  const columns: ColumnsType<MetricAlarm> = [
    {
      key: 'name',
      title: t('metric.name'),
      render: (_, a) => (
        <Space size={4} wrap>
          <span>{a.name}</span>
          {a.builtIn && <Tag>{t('metric.builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'telemetry', title: t('metric.telemetry'), render: (_, a) => telemetryName(a.telemetry) },
    { key: 'source', title: t('metric.source'), render: (_, a) => sourceLabel(a.source, point, t) },
    {
      key: 'direction',
      title: t('metric.direction'),
      render: (_, a) => t(`directions.${DIRECTION_KEY[a.thresholdDirection]}`),
    },
    {
      key: 'thresholds',
      title: t('metric.thresholds'),
      render: (_, a) => (
        <Space size={4} wrap>
          {THRESHOLD_LEVELS.map((level) => (
            <Tooltip key={level} title={t(`levels.${level}`)}>
              <Tag color={levelColor(level)} data-testid={`alarm-threshold-${level}`}>
                {thresholdText(a.thresholdDirection, a.threshold[level], t)}
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      key: 'delay',
      title: t('metric.delayHysteresis'),
      render: (_, a) => (
        <Typography.Text type="secondary">
          {t('metric.delayShort', { value: a.delay })} · {t('metric.hysteresisShort', { value: formatThreshold(a.hysteresis) })}
        </Typography.Text>
      ),
    },
    { key: 'level', title: t('metric.level'), render: (_, a) => <LevelTag level={a.level} /> },
  ];
  if (canUpdate || canDelete)
    columns.push({
      key: 'actions',
      title: t('metric.actions'),
      width: 96,
      render: (_, a) => (
        <Space size={0}>
          {canUpdate && (
            <Tooltip title={t('metric.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('metric.edit')}
                data-testid="metric-alarm-edit"
                onClick={() => setEditing({ alarm: a })}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('metric.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('metric.delete')}
                data-testid="metric-alarm-delete"
                onClick={() => confirmDelete(a)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    });

  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('common:retry')}</Button>}
      />
    );

  return (
    <div data-testid="metric-alarms">
      {canCreate && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing({ alarm: null })}
          data-testid="metric-alarm-create"
        >
          {t('metric.create')}
        </Button>
      )}
      <Table<MetricAlarm>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={q.data ?? []}
        loading={q.isPending}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('metric.empty') }}
        onRow={(a) => ({ 'data-testid': `metric-alarm-row-${a._id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {editing && <MetricAlarmDialog pointId={pointId} point={point} alarm={editing.alarm} onClose={() => setEditing(null)} />}
    </div>
  );
}
