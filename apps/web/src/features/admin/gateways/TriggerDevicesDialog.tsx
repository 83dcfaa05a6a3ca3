import type { TriggerItem } from '@overtone/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assignTriggerDevice, invalidateTriggers, unassignTriggerDevice, useSensorsQuery } from './gatewaysApi';
import { TriggerAssignDialog } from './TriggerAssignDialog';

interface Props {
  trigger: TriggerItem;
  /** every trigger of the customer with its sensors, to name the ones a sensor would be moved from */
  triggers: TriggerItem[];
  onClose(): void;
}

/**
 * The sensors of a trigger (`POST /trigger/{id}/device {macAddress}`, `DELETE
 * /trigger/{id}/device/{mac}`, updateGateway), managed like its Ducks: the assigned sensors (with
 * their point) with Unassign after a confirmation, and a picker over the customer's sensors
 * (`GET /device?all=true`) with Assign. The assignment is stored on the sensor's point, the same one
 * the point's configuration card shows, so a sensor not attached to a point cannot be picked, and
 * picking one that is on another trigger moves it (the picker says where it is now).
 */
export function TriggerDevicesDialog({ trigger, triggers, onClose }: Props) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const sensors = useSensorsQuery();
  const assignedHere = new Set(trigger.assignedDevices.map((d) => d.macAddress));
  const otherTriggersOf = (mac: string) =>
    triggers
      .filter((x) => x._id !== trigger._id && x.assignedDevices.some((d) => d.macAddress === mac))
      .map((x) => x.macAddress)
      .join(', ');

  const options = (sensors.data ?? [])
    .filter((s) => !assignedHere.has(s.macAddress))
    .map((s) => {
      if (!s.point)
        return { value: s.macAddress, label: t('gateways.triggerDevices.noPoint', { device: s.macAddress }), disabled: true };
      const on = otherTriggersOf(s.macAddress);
      return {
        value: s.macAddress,
        label: on
          ? t('gateways.triggerDevices.onTrigger', { device: s.macAddress, point: s.point.name, trigger: on })
          : t('gateways.triggerDevices.option', { device: s.macAddress, point: s.point.name }),
      };
    });

  return (
    <TriggerAssignDialog
      testId="trigger-device"
      texts={{
        title: t('gateways.triggerDevices.title', { mac: trigger.macAddress }),
        help: t('gateways.triggerDevices.help'),
        empty: t('gateways.triggerDevices.empty'),
        noCandidates: t('gateways.triggerDevices.noSensors'),
        select: t('gateways.triggerDevices.select'),
        assign: t('gateways.triggerDevices.assign'),
        unassign: t('gateways.triggerDevices.unassign'),
        unassignConfirm: t('gateways.triggerDevices.unassignConfirm'),
        assigned: t('gateways.triggerDevices.assigned'),
        unassigned: t('gateways.triggerDevices.unassigned'),
      }}
      assigned={trigger.assignedDevices.map((d) => ({ key: d.macAddress, mac: d.macAddress, detail: d.point.name }))}
      options={options}
      hasCandidates={(sensors.data ?? []).length > 0}
      loading={sensors.isPending}
      assign={(mac) => assignTriggerDevice(trigger._id, mac)}
      unassign={(mac) => unassignTriggerDevice(trigger._id, mac)}
      refresh={() => invalidateTriggers(queryClient)}
      onClose={onClose}
    />
  );
}
