import { useEffect, useState } from 'react';
import { AutoComplete, Flex, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PointConfig } from '@overtone/contract';
import { useDeviceSearchQuery, useGatewayOptionsQuery, usePointConfigMutation } from './pointConfigApi';
import { SectionActions } from './SectionActions';

/** Six upper-case hex pairs separated by colons (spec 000 §5); lower case typed is upper-cased. */
export const MAC_PATTERN = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;

interface Values {
  macAddress: string;
  gateway: string | null;
}

/**
 * Device of a point (spec 001 §2): MAC address picked from the registry search (10 devices; typing
 * finds others) or typed, and the gateway (none: any gateway that hears it). Save needs
 * updatePointConfig, delete (confirmed) deletePointConfig.
 */
export function DeviceSection({
  pointId,
  config,
  canUpdate,
  canDelete,
}: {
  pointId: string;
  config: PointConfig;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('pointConfig');
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const devices = useDeviceSearchQuery(search);
  const gateways = useGatewayOptionsQuery();
  const save = usePointConfigMutation(pointId);

  useEffect(() => {
    form.setFieldsValue({ macAddress: config.device?.macAddress ?? '', gateway: config.device?.gateway ?? null });
  }, [form, config.device]);

  const options = (devices.data ?? [])
    .filter((d) => d.kind !== 'TRIGGER')
    .map((d) => ({
      value: d.macAddress,
      label: (
        <Flex justify="space-between" gap={8}>
          <span className="mono">{d.macAddress}</span>
          {d.point && d.point._id !== pointId ? <Tag>{t('onPoint', { name: d.point.name })}</Tag> : null}
        </Flex>
      ),
    }));

  return (
    <Form
      name="device"
      form={form}
      layout="vertical"
      disabled={!canUpdate}
      data-testid="device-section"
      onFinish={(v) =>
        void save
          .mutateAsync({ kind: 'device', body: { macAddress: v.macAddress, gateway: v.gateway ?? null } })
          .catch(() => undefined)
      }
    >
      <Flex gap={12} wrap>
        <Form.Item
          name="macAddress"
          label={t('macAddress')}
          style={{ minWidth: 240, flex: 1 }}
          normalize={(v: string) => (v ?? '').toUpperCase().trim()}
          rules={[
            { required: true, message: t('macRequired') },
            { pattern: MAC_PATTERN, message: t('invalidMac') },
          ]}
        >
          <AutoComplete options={options} onSearch={setSearch} placeholder="AB:CD:EF:12:34:56" data-testid="device-mac" />
        </Form.Item>
        <Form.Item name="gateway" label={t('gateway')} style={{ minWidth: 240, flex: 1 }}>
          <Select
            allowClear
            placeholder={t('anyGateway')}
            loading={gateways.isPending}
            options={(gateways.data ?? []).map((g) => ({ value: g.macAddress, label: g.macAddress }))}
            data-testid="device-gateway"
          />
        </Form.Item>
      </Flex>
      <SectionActions
        testId="device"
        canSave={canUpdate}
        saving={save.isPending}
        canDelete={canDelete && !!config.device}
        remove={{ title: t('confirmDeleteDevice'), onConfirm: () => save.mutateAsync({ kind: 'deleteDevice' }) }}
      />
    </Form>
  );
}
