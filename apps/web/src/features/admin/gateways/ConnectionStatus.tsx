import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatewayItem } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';

/** Connection status tag of a gateway with the date it changed, or N/A when it never reported (spec 002 §2). */
export function ConnectionStatus({ gateway }: { gateway: GatewayItem }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormatter();
  const status = gateway.connectionStatus;
  if (!status) return <Typography.Text type="secondary">{t('notAvailable')}</Typography.Text>;
  return (
    <Flex align="center" gap={4} wrap data-testid="connection-status" data-status={status}>
      <Tag color={status === 'connected' ? 'success' : 'error'}>{t(`gateways.status.${status}`)}</Tag>
      {gateway.connectionDate && <Typography.Text type="secondary">{formatDate(gateway.connectionDate)}</Typography.Text>}
    </Flex>
  );
}
