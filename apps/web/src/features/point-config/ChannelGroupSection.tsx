import { useEffect } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANNEL_GROUP_PATTERN, type PointConfig } from '@overtone/contract';
import { ChannelGroupsPicker } from '../ducks/ChannelGroupPicker';
import { usePointConfigMutation } from './pointConfigApi';
import { SectionActions } from './SectionActions';

/** A code is channel orders 1 … 8, each once, joined by '|'. */
export const isChannelGroup = (code: string) =>
  CHANNEL_GROUP_PATTERN.test(code) && new Set(code.split('|')).size === code.split('|').length;

/**
 * DUCKV1 channel-group picker (spec 001 §2: replaces profile, periodic and trigger for a duck):
 * the groups of the duck's sensors (group codes such as `1|2|3`) this point records, picked from
 * the sensors configured on the duck (Admin › Ducks), each named by its sensor.
 */
export function ChannelGroupSection({
  pointId,
  config,
  canUpdate,
}: {
  pointId: string;
  config: PointConfig;
  canUpdate: boolean;
}) {
  const { t } = useTranslation('pointConfig');
  const [form] = Form.useForm<{ channelGroups: string[] }>();
  const save = usePointConfigMutation(pointId);
  useEffect(() => form.setFieldsValue({ channelGroups: config.channelGroups }), [form, config.channelGroups]);
  return (
    <Form
      name="channelGroup"
      form={form}
      layout="vertical"
      disabled={!canUpdate}
      data-testid="channel-group-section"
      onFinish={(v) =>
        void save.mutateAsync({ kind: 'channelGroup', body: { channelGroups: v.channelGroups } }).catch(() => undefined)
      }
    >
      <Form.Item
        name="channelGroups"
        label={t('channelGroups')}
        extra={t('channelGroupsHint')}
        rules={[
          { required: true, type: 'array', min: 1, message: t('channelGroupsRequired') },
          {
            validator: async (_, v: string[] = []) =>
              v.every(isChannelGroup) ? undefined : Promise.reject(new Error(t('errors:invalidChannelGroup'))),
          },
        ]}
      >
        <ChannelGroupsPicker duckMac={config.device?.macAddress ?? ''} />
      </Form.Item>
      <SectionActions testId="channel-groups" canSave={canUpdate} saving={save.isPending} />
    </Form>
  );
}
