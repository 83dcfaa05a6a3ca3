import { useState } from 'react';
import { App, Button, Flex, Modal, Popconfirm, Select, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DuckItem, TriggerItem } from '@overtone/contract';
import { invalidateDucks } from '../ducks/ducksApi';
import { assignTriggerDuck, unassignTriggerDuck } from './gatewaysApi';

interface Props {
  trigger: TriggerItem;
  /** the customer's Ducks (`GET /ducks`); those whose `trigger` is this trigger's id are assigned to it */
  ducks: DuckItem[];
  /** every trigger of the customer, to name the one a Duck would be moved from */
  triggers: TriggerItem[];
  onClose(): void;
}

/**
 * The Ducks of a trigger (`POST` / `DELETE /trigger/{id}/duck`, updateGateway), managed like the
 * triggers of a point: the assigned Ducks with Unassign (after a confirmation), and a Duck picker
 * with Assign. Each event of the trigger also makes its Ducks measure (TRIGGERED). A Duck has one
 * trigger: picking one that is on another trigger moves it (the picker says where it is now).
 */
export function TriggerDucksDialog({ trigger, ducks, triggers, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string | null>(null);
  const assigned = ducks.filter((d) => d.trigger === trigger._id);
  const macOfTrigger = (id: string) => triggers.find((x) => x._id === id)?.macAddress ?? id;

  const assign = useMutation({
    mutationFn: (duckId: string) => assignTriggerDuck(trigger._id, duckId),
    onSuccess: async () => {
      setPicked(null);
      void message.success(t('gateways.triggerDucks.assigned'));
      await invalidateDucks(queryClient);
    },
  });
  const unassign = useMutation({
    mutationFn: (duckId: string) => unassignTriggerDuck(trigger._id, duckId),
    onSuccess: async () => {
      void message.success(t('gateways.triggerDucks.unassigned'));
      await invalidateDucks(queryClient);
    },
  });

  const options = ducks
    .filter((d) => d.trigger !== trigger._id)
    .map((d) => ({
      value: d._id,
      label: d.trigger
        ? t('gateways.triggerDucks.onTrigger', { duck: d.macAddress, trigger: macOfTrigger(d.trigger) })
        : d.macAddress,
    }));

  return (
    <Modal
      open
      title={t('gateways.triggerDucks.title', { mac: trigger.macAddress })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <Flex vertical gap={12} data-testid="trigger-ducks-dialog">
        <Typography.Text type="secondary">{t('gateways.triggerDucks.help')}</Typography.Text>
        <Flex vertical gap={4} data-testid="trigger-ducks-assigned">
          {assigned.length === 0 && <Typography.Text type="secondary">{t('gateways.triggerDucks.empty')}</Typography.Text>}
          {assigned.map((d) => (
            <Flex key={d._id} align="center" justify="space-between" gap={8} data-testid={`trigger-duck-${d.macAddress}`}>
              <Typography.Text code>{d.macAddress}</Typography.Text>
              <Popconfirm
                title={t('gateways.triggerDucks.unassignConfirm')}
                okText={t('gateways.triggerDucks.unassign')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => unassign.mutateAsync(d._id).catch(() => undefined)}
              >
                <Button
                  size="small"
                  danger
                  loading={unassign.isPending && unassign.variables === d._id}
                  data-testid="trigger-duck-unassign"
                >
                  {t('gateways.triggerDucks.unassign')}
                </Button>
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
        {ducks.length === 0 ? (
          <Typography.Text type="secondary">{t('gateways.triggerDucks.noDucks')}</Typography.Text>
        ) : (
          options.length > 0 && (
            <Flex gap={8}>
              <Select<string>
                showSearch
                optionFilterProp="label"
                placeholder={t('gateways.triggerDucks.select')}
                aria-label={t('gateways.triggerDucks.select')}
                value={picked ?? undefined}
                onChange={setPicked}
                options={options}
                style={{ flex: 1 }}
                data-testid="trigger-duck-select"
              />
              <Button
                type="primary"
                disabled={!picked}
                loading={assign.isPending}
                onClick={() => picked && assign.mutate(picked)}
                data-testid="trigger-duck-assign"
              >
                {t('gateways.triggerDucks.assign')}
              </Button>
            </Flex>
          )
        )}
      </Flex>
    </Modal>
  );
}
