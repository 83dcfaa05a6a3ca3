import { Flex, Tag, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TriggerItem } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';

/**
 * The state a trigger last reported (spec 002 §2): its event type by name (`trigger`: it fired), the
 * disconnect reason as a tooltip, the time; or N/A for a trigger that never reported.
 */
export function TriggerStatus({ trigger }: { trigger: TriggerItem }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormatter();
  const reported = trigger.status?.shadow.reported;
  if (!reported || (!reported.eventType && !reported.timestamp))
    return <Typography.Text type="secondary">{t('notAvailable')}</Typography.Text>;
  const tag = (
    <Tag icon={reported.disconnectReason ? <InfoCircleOutlined /> : undefined}>
      {reported.eventType
        ? t(`gateways.eventType.${reported.eventType}`, { defaultValue: reported.eventType })
        : t('notAvailable')}
    </Tag>
  );
  return (
    <Flex align="center" gap={4} wrap data-testid="trigger-status">
      {reported.disconnectReason ? (
        <Tooltip title={t('gateways.disconnectReason', { reason: reported.disconnectReason })}>{tag}</Tooltip>
      ) : (
        tag
      )}
      {reported.timestamp && <Typography.Text type="secondary">{formatDate(reported.timestamp)}</Typography.Text>}
    </Flex>
  );
}
