import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TelemetryDefinition } from '@overtone/contract';
import { useAdminAccess } from '../useAdminAccess';
import {
  deleteTelemetry,
  invalidateTelemetry,
  telemetryFields,
  updateTelemetry,
  useTelemetryQuery,
} from '../../telemetry/telemetryApi';
import { TelemetryFormDialog } from './TelemetryFormDialog';
import { TelemetrySources } from './TelemetrySources';
import { TelemetryTable } from './TelemetryTable';
import { useTelemetryOrder } from './useTelemetryOrder';

/**
 * Telemetry definitions (spec 002 §2, §3): everyone reads them; create, edit (hidden, default, bounds),
 * reorder and delete need createTelemetry, updateTelemetry and deleteTelemetry.
 */
export function TelemetryTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = useAdminAccess();
  const q = useTelemetryQuery();
  const { rows, reorder, saving } = useTelemetryOrder(q.data ?? []);
  const [editing, setEditing] = useState<{ definition: TelemetryDefinition | null } | null>(null);

  const change = useMutation({
    mutationFn: ({ d, patch }: { d: TelemetryDefinition; patch: { hidden?: boolean; isDefault?: boolean } }) =>
      updateTelemetry(d._id, { ...telemetryFields(d), ...patch }),
    onSuccess: () => void message.success(t('telemetry.updated')),
    onSettled: () => invalidateTelemetry(queryClient),
  });

  const remove = async (d: TelemetryDefinition) => {
    await deleteTelemetry(d._id);
    void message.success(t('telemetry.deleted'));
    await invalidateTelemetry(queryClient);
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="end">
        {can('createTelemetry') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ definition: null })}
            data-testid="telemetry-create"
          >
            {t('telemetry.create')}
          </Button>
        )}
      </Flex>
      <TelemetryTable
        rows={rows}
        loading={q.isPending || saving || change.isPending}
        canUpdate={can('updateTelemetry')}
        canDelete={can('deleteTelemetry')}
        onReorder={reorder}
        onChange={(d, patch) => change.mutate({ d, patch })}
        onEdit={(definition) => setEditing({ definition })}
        onDelete={remove}
      />
      <TelemetrySources />
      {editing && <TelemetryFormDialog definition={editing.definition} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
