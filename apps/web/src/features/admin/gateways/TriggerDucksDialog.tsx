import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DuckItem, TriggerItem } from '@overtone/contract';
import { invalidateDucks } from '../../ducks/ducksApi';
import { assignTriggerDuck, unassignTriggerDuck } from './gatewaysApi';
import { TriggerAssignDialog } from './TriggerAssignDialog';

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
  const queryClient = useQueryClient();
  const macOfTrigger = (id: string) => triggers.find((x) => x._id === id)?.macAddress ?? id;

  return (
    <TriggerAssignDialog
      testId="trigger-duck"
      texts={{
        title: t('gateways.triggerDucks.title', { mac: trigger.macAddress }),
        help: t('gateways.triggerDucks.help'),
        empty: t('gateways.triggerDucks.empty'),
        noCandidates: t('gateways.triggerDucks.noDucks'),
        select: t('gateways.triggerDucks.select'),
        assign: t('gateways.triggerDucks.assign'),
        unassign: t('gateways.triggerDucks.unassign'),
        unassignConfirm: t('gateways.triggerDucks.unassignConfirm'),
        assigned: t('gateways.triggerDucks.assigned'),
        unassigned: t('gateways.triggerDucks.unassigned'),
      }}
      assigned={ducks.filter((d) => d.trigger === trigger._id).map((d) => ({ key: d._id, mac: d.macAddress }))}
      options={ducks
        .filter((d) => d.trigger !== trigger._id)
        .map((d) => ({
          value: d._id,
          label: d.trigger
            ? t('gateways.triggerDucks.onTrigger', { duck: d.macAddress, trigger: macOfTrigger(d.trigger) })
            : d.macAddress,
        }))}
      hasCandidates={ducks.length > 0}
      assign={(duckId) => assignTriggerDuck(trigger._id, duckId)}
      unassign={(duckId) => unassignTriggerDuck(trigger._id, duckId)}
      refresh={() => invalidateDucks(queryClient)}
      onClose={onClose}
    />
  );
}
