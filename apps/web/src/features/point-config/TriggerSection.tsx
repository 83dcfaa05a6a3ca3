import { useState } from 'react';
import { Button, Flex, Input, List, Popconfirm, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { triggerMac } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { useDateFormatter } from '../../ui/formatDate';
import { useTriggerMutations, useTriggersQuery } from './scheduleApi';

/**
 * Trigger section of the point configuration card (spec 001): the trigger devices assigned to the
 * point, assign by MAC (CA:B8:25…, updatePointConfig; only once the point has a device, the sensor a
 * trigger event makes measure) and unassign with a confirmation (deletePointConfig). Each event of
 * an assigned trigger makes the point's sensor measure (TRIGGERED).
 */
export function TriggerSection({ pointId, hasDevice }: { pointId: string; hasDevice: boolean }) {
  const { t } = useTranslation('pointConfigSchedule');
  const session = useSession();
  const formatDate = useDateFormatter();
  const query = useTriggersQuery(pointId);
  const { assign, unassign } = useTriggerMutations(pointId);
  const [mac, setMac] = useState('');
  const parsed = triggerMac.safeParse(mac);
  const canUpdate = hasPermission(session, 'updatePointConfig');
  const canDelete = hasPermission(session, 'deletePointConfig');

  if (query.isPending) return <Spin data-testid="trigger-loading" />;
  return (
    <Flex vertical gap={8} data-testid="trigger-section">
      <Typography.Title level={5}>{t('triggerTitle')}</Typography.Title>
      <Typography.Text type="secondary">{t('triggerHelp')}</Typography.Text>
      <List
        size="small"
        dataSource={query.data?.triggers ?? []}
        locale={{ emptyText: t('noTriggers') }}
        renderItem={(tr) => (
          <List.Item
            data-testid="assigned-trigger"
            actions={
              canDelete
                ? [
                    <Popconfirm
                      key="unassign"
                      title={t('unassignConfirm')}
                      okText={t('yes')}
                      cancelText={t('no')}
                      onConfirm={() => unassign.mutate(tr.macAddress)}
                    >
                      <Button size="small" danger>
                        {t('unassign')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Typography.Text code>{tr.macAddress}</Typography.Text>
            <Typography.Text type="secondary">
              {t('assignedAt')}: {formatDate(tr.assignedAt)}
            </Typography.Text>
          </List.Item>
        )}
      />
      {canUpdate && (
        <Flex gap={8} align="start">
          <Flex vertical>
            <Input
              aria-label={t('triggerMac')}
              placeholder="CA:B8:25:00:00:00"
              disabled={!hasDevice}
              value={mac}
              status={mac && !parsed.success ? 'error' : undefined}
              onChange={(e) => setMac(e.target.value)}
              data-testid="trigger-mac"
            />
            {mac && !parsed.success && <Typography.Text type="danger">{t('invalidMac')}</Typography.Text>}
          </Flex>
          <Button
            type="primary"
            disabled={!hasDevice || !parsed.success}
            loading={assign.isPending}
            data-testid="trigger-assign"
            onClick={() => parsed.success && assign.mutate(parsed.data, { onSuccess: () => setMac('') })}
          >
            {t('assign')}
          </Button>
        </Flex>
      )}
      {canUpdate && !hasDevice && (
        <Typography.Text type="secondary" data-testid="trigger-needs-device">
          {t('triggerNeedsDevice')}
        </Typography.Text>
      )}
    </Flex>
  );
}
