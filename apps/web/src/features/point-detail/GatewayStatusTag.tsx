import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatewayStatus } from '@overtone/contract';
import { statusTagType, TAG_COLORS } from '../points/gatewayStatus';

export function GatewayStatusTag({ status }: { status: GatewayStatus }) {
  const { t } = useTranslation('point');
  return (
    <Tag color={TAG_COLORS[statusTagType(status)]} data-testid="gateway-status" data-status={status}>
      {t(`gatewayStatus.${status}`)}
    </Tag>
  );
}
