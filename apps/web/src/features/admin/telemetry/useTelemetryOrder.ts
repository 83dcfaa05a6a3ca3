import { useState } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TelemetryDefinition } from '@overtone/contract';
import { invalidateTelemetry, saveTelemetryOrder } from '../../telemetry/telemetryApi';

/**
 * The display order of the definitions with optimistic reordering: a new order shows at once, is
 * saved with `PUT /telemetry/order`, and the list is reloaded from the server afterwards (also on failure).
 */
export function useTelemetryOrder(definitions: readonly TelemetryDefinition[]) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string[] | null>(null);

  const save = useMutation({
    mutationFn: saveTelemetryOrder,
    onSuccess: () => void message.success(t('telemetry.orderSaved')),
    onSettled: async () => {
      await invalidateTelemetry(queryClient);
      setPending(null);
    },
  });

  const byId = new Map(definitions.map((d) => [d._id, d]));
  const rows = pending ? pending.flatMap((id) => byId.get(id) ?? []) : [...definitions];

  const reorder = (ids: string[]) => {
    if (ids.join() === rows.map((r) => r._id).join()) return;
    setPending(ids);
    save.mutate(ids);
  };

  return { rows, reorder, saving: save.isPending };
}
