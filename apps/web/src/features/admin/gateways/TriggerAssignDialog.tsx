import { useState } from 'react';
import { App, Button, Flex, Modal, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** One thing assigned to the trigger: `key` names it to unassign, `mac` is shown, `detail` beside it. */
export interface TriggerAssignedItem {
  key: string;
  mac: string;
  detail?: string;
}

/** A candidate of the picker; a disabled one is shown but cannot be assigned (its label says why). */
export interface TriggerAssignOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The texts of one kind of assignment (Ducks, sensors), already translated by the caller. */
export interface TriggerAssignTexts {
  title: string;
  help: string;
  /** nothing is assigned */
  empty: string;
  /** the customer has no candidate at all */
  noCandidates: string;
  select: string;
  assign: string;
  unassign: string;
  unassignConfirm: string;
  assigned: string;
  unassigned: string;
}

interface Props {
  /** test id prefix: `<p>s-dialog`, `<p>s-assigned`, `<p>-<mac>`, `<p>-unassign`, `<p>-select`, `<p>-assign` */
  testId: string;
  texts: TriggerAssignTexts;
  assigned: TriggerAssignedItem[];
  /** the candidates not assigned to this trigger */
  options: TriggerAssignOption[];
  /** whether the customer has any candidate (assigned or not) */
  hasCandidates: boolean;
  /** the candidates are still loading */
  loading?: boolean;
  assign(value: string): Promise<unknown>;
  unassign(key: string): Promise<unknown>;
  /** reads again what the dialog shows, after a change */
  refresh(): Promise<unknown>;
  onClose(): void;
}

/**
 * What a trigger makes measure, managed like the triggers of a point: the assigned items with
 * Unassign (after a confirmation), and a picker with Assign. Shared by the Ducks
 * (`TriggerDucksDialog`) and the sensors (`TriggerDevicesDialog`) of a trigger; each gives its
 * texts, its candidates and its calls.
 */
export function TriggerAssignDialog({
  testId,
  texts,
  assigned,
  options,
  hasCandidates,
  loading = false,
  assign,
  unassign,
  refresh,
  onClose,
}: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [picked, setPicked] = useState<string | null>(null);

  const assignMutation = useMutation({
    mutationFn: assign,
    onSuccess: async () => {
      setPicked(null);
      void message.success(texts.assigned);
      await refresh();
    },
  });
  const unassignMutation = useMutation({
    mutationFn: unassign,
    onSuccess: async () => {
      void message.success(texts.unassigned);
      await refresh();
    },
  });

  return (
    <Modal open title={texts.title} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Flex vertical gap={12} data-testid={`${testId}s-dialog`}>
        <Typography.Text type="secondary">{texts.help}</Typography.Text>
        <Flex vertical gap={4} data-testid={`${testId}s-assigned`}>
          {assigned.length === 0 && <Typography.Text type="secondary">{texts.empty}</Typography.Text>}
          {assigned.map((a) => (
            <Flex key={a.key} align="center" justify="space-between" gap={8} data-testid={`${testId}-${a.mac}`}>
              <span>
                <Typography.Text code>{a.mac}</Typography.Text>
                {a.detail && <Typography.Text type="secondary"> {a.detail}</Typography.Text>}
              </span>
              <Popconfirm
                title={texts.unassignConfirm}
                okText={texts.unassign}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => unassignMutation.mutateAsync(a.key).catch(() => undefined)}
              >
                <Button
                  size="small"
                  danger
                  loading={unassignMutation.isPending && unassignMutation.variables === a.key}
                  data-testid={`${testId}-unassign`}
                >
                  {texts.unassign}
                </Button>
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
        {!loading && !hasCandidates ? (
          <Typography.Text type="secondary">{texts.noCandidates}</Typography.Text>
        ) : (
          (loading || options.length > 0) && (
            <Flex gap={8}>
              <Select<string>
                showSearch
                optionFilterProp="label"
                placeholder={texts.select}
                aria-label={texts.select}
                value={picked ?? undefined}
                onChange={setPicked}
                options={options}
                loading={loading}
                disabled={loading}
                style={{ flex: 1 }}
                data-testid={`${testId}-select`}
              />
              <Button
                type="primary"
                disabled={!picked}
                loading={assignMutation.isPending}
                onClick={() => picked && assignMutation.mutate(picked)}
                data-testid={`${testId}-assign`}
              >
                {texts.assign}
              </Button>
            </Flex>
          )
        )}
      </Flex>
    </Modal>
  );
}

interface CellProps {
  /** test id of the cell (`<p>`) and of its button (`<p>-manage`) */
  testId: string;
  items: { key: string; mac: string; title?: string }[];
  none: string;
  manage: string;
  /** without it (no updateGateway) the items are only shown */
  onManage?: () => void;
}

/** A cell of the triggers table: the MACs assigned to the trigger, and the button opening their dialog. */
export function TriggerAssignedCell({ testId, items, none, manage, onManage }: CellProps) {
  return (
    <Flex gap={4} wrap align="center" data-testid={testId}>
      {items.length ? (
        items.map((i) => (
          <Tooltip key={i.key} title={i.title}>
            <Tag className="mono">{i.mac}</Tag>
          </Tooltip>
        ))
      ) : (
        <Typography.Text type="secondary">{none}</Typography.Text>
      )}
      {onManage && (
        <Button size="small" icon={<ApiOutlined />} onClick={onManage} data-testid={`${testId}-manage`}>
          {manage}
        </Button>
      )}
    </Flex>
  );
}
