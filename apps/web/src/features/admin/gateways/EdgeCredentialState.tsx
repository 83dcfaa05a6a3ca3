import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EdgeCredentialState as State } from '@overtone/contract';
import { useDateFormatter } from '../../../ui/formatDate';

/** Whether the device's MQTT credentials are in force: issued and not revoked since. */
export const credentialsActive = (state: State | null): boolean => !!state?.issuedAt && !state.revokedAt;

/**
 * The MQTT credentials' state of a gateway or trigger (`credentials` of `GET /gateway`, `GET
 * /trigger`): Issued with its date, Revoked with its date, or Not issued (the broker refuses the
 * device). Dates in the customer's zone and format.
 */
export function EdgeCredentialState({ state }: { state: State | null }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormatter();
  if (state?.revokedAt)
    return (
      <Flex align="center" gap={4} wrap data-testid="credential-state" data-state="revoked">
        <Tag color="error">{t('gateways.credentials.stateRevoked')}</Tag>
        <Typography.Text type="secondary">{formatDate(state.revokedAt)}</Typography.Text>
      </Flex>
    );
  if (state?.issuedAt)
    return (
      <Flex align="center" gap={4} wrap data-testid="credential-state" data-state="issued">
        <Tag color="success">{t('gateways.credentials.stateIssued')}</Tag>
        <Typography.Text type="secondary">{formatDate(state.issuedAt)}</Typography.Text>
      </Flex>
    );
  return (
    <Tag data-testid="credential-state" data-state="none">
      {t('gateways.credentials.stateNone')}
    </Tag>
  );
}
