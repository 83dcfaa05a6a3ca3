import { useRef, useState } from 'react';
import { Button, Radio, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TelemetryDefinition } from '@overtone/contract';
import { DeleteButton } from '../DeleteButton';
import { rowTestId } from '../rowTestId';
import { moveBy, moveTo } from './reorder';

interface Props {
  rows: TelemetryDefinition[];
  loading: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onReorder(ids: string[]): void;
  onChange(definition: TelemetryDefinition, change: { hidden?: boolean; isDefault?: boolean }): void;
  onEdit(definition: TelemetryDefinition): void;
  onDelete(definition: TelemetryDefinition): Promise<unknown>;
}

const bound = (v: number | null) => (v === null ? '—' : v);

/**
 * Telemetry definitions in display order. Reordering (updateTelemetry): drag a row by its handle
 * (HTML5 drag and drop) or use its up and down buttons; hidden switch and default radio per row.
 */
export function TelemetryTable({ rows, loading, canUpdate, canDelete, onReorder, onChange, onEdit, onDelete }: Props) {
  const { t } = useTranslation('admin');
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const ids = rows.map((r) => r._id);

  const columns: ColumnsType<TelemetryDefinition> = [
    ...(canUpdate
      ? [
          {
            key: 'handle',
            width: 32,
            render: (_: unknown, r: TelemetryDefinition) => (
              <span
                draggable
                role="button"
                aria-label={t('telemetry.dragHandle')}
                title={t('telemetry.dragHandle')}
                style={{ cursor: 'grab', color: '#8c8c8c' }}
                data-testid="telemetry-drag-handle"
                onDragStart={(e) => {
                  dragged.current = r._id;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', r._id);
                  const tr = e.currentTarget.closest('tr');
                  if (tr) e.dataTransfer.setDragImage(tr, 16, 16);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setOver(null);
                }}
              >
                <HolderOutlined />
              </span>
            ),
          },
        ]
      : []),
    { key: 'order', title: '#', width: 48, render: (_, _r, i) => i + 1 },
    {
      key: 'name',
      title: t('telemetry.name'),
      render: (_, r) => (
        <Space size={4}>
          <span className="mono">{r.name}</span>
          {r.builtIn && <Tag>{t('telemetry.builtIn')}</Tag>}
        </Space>
      ),
    },
    { key: 'displayName', title: t('telemetry.displayName'), dataIndex: 'displayName' },
    { key: 'unit', title: t('telemetry.unit'), dataIndex: 'unit' },
    { key: 'min', title: t('telemetry.minValue'), align: 'right', render: (_, r) => bound(r.minValue) },
    { key: 'max', title: t('telemetry.maxValue'), align: 'right', render: (_, r) => bound(r.maxValue) },
    {
      key: 'hidden',
      title: t('telemetry.hidden'),
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.hidden}
          disabled={!canUpdate}
          aria-label={t('telemetry.hidden')}
          onChange={(hidden) => onChange(r, { hidden })}
          data-testid="telemetry-row-hidden"
        />
      ),
    },
    {
      key: 'default',
      title: t('telemetry.isDefault'),
      render: (_, r) => (
        <Radio
          checked={r.isDefault}
          disabled={!canUpdate}
          aria-label={t('telemetry.isDefault')}
          onChange={() => !r.isDefault && onChange(r, { isDefault: true })}
          data-testid="telemetry-row-default"
        />
      ),
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 150,
      hidden: !canUpdate && !canDelete,
      render: (_, r, i) => (
        <Space size={0}>
          {canUpdate && (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('telemetry.moveUp')}
                title={t('telemetry.moveUp')}
                disabled={i === 0}
                onClick={() => onReorder(moveBy(ids, r._id, -1))}
                data-testid="telemetry-move-up"
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('telemetry.moveDown')}
                title={t('telemetry.moveDown')}
                disabled={i === rows.length - 1}
                onClick={() => onReorder(moveBy(ids, r._id, 1))}
                data-testid="telemetry-move-down"
              />
              <Tooltip title={t('edit')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('edit')}
                  onClick={() => onEdit(r)}
                  data-testid="telemetry-edit"
                />
              </Tooltip>
            </>
          )}
          {canDelete && (
            <DeleteButton
              title={t('telemetry.deleteConfirm', { name: r.displayName })}
              onConfirm={() => onDelete(r)}
              disabled={r.builtIn || r.isDefault}
              tooltip={r.builtIn ? t('telemetry.builtInHint') : r.isDefault ? t('telemetry.defaultHint') : undefined}
              data-testid="telemetry-delete"
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<TelemetryDefinition>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('telemetry.empty') }}
      onRow={(r) => ({
        ...rowTestId(`telemetry-row-${r.name}`),
        style: over === r._id ? { outline: '2px dashed #1668dc', outlineOffset: -2 } : undefined,
        onDragOver: (e) => {
          if (!dragged.current) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          if (over !== r._id) setOver(r._id);
        },
        onDrop: (e) => {
          e.preventDefault();
          const moved = dragged.current;
          dragged.current = null;
          setOver(null);
          if (moved) onReorder(moveTo(ids, moved, r._id));
        },
      })}
      footer={canUpdate ? () => <Typography.Text type="secondary">{t('telemetry.reorderHint')}</Typography.Text> : undefined}
    />
  );
}
