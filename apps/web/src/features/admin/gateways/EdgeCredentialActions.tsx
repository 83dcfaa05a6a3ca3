import { App, Button, Space, Tooltip } from 'antd';
import { KeyOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EdgeCredentialState, EdgeCredentialsIssued } from '@overtone/contract';
import { ConfirmIconButton } from '../../../ui/ConfirmIconButton';
import { credentialsActive } from './EdgeCredentialState';
import {
  invalidateGateways,
  invalidateTriggers,
  issueEdgeCredentials,
  revokeEdgeCredentials,
  type EdgeKind,
} from './gatewaysApi';

interface Props {
  kind: EdgeKind;
  device: { _id: string; macAddress: string; credentials: EdgeCredentialState | null };
  /** Called with the new credentials (shown once by the caller's dialog). */
  onIssued(credentials: EdgeCredentialsIssued): void;
}

/**
 * Row actions on a gateway's or trigger's MQTT credentials (updateGateway; the caller shows them only
 * then): Issue when none are in force; otherwise Rotate (confirmed: the device is disconnected until
 * the new password is entered on it) and Revoke (confirmed). Failures are shown by the API client.
 */
export function EdgeCredentialActions({ kind, device, onIssued }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const active = credentialsActive(device.credentials);
  const refresh = () => (kind === 'gateway' ? invalidateGateways(queryClient) : invalidateTriggers(queryClient));

  const issue = useMutation({
    mutationFn: () => issueEdgeCredentials(kind, device._id),
    onSuccess: (credentials) => {
      void message.success(t('gateways.credentials.issuedDone'));
      onIssued(credentials);
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeEdgeCredentials(kind, device._id),
    onSuccess: () => {
      void message.success(t('gateways.credentials.revokedDone'));
      void refresh();
    },
  });
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

  if (!active)
    return (
      <Tooltip title={t('gateways.credentials.issue')}>
        <Button
          type="text"
          size="small"
          icon={<KeyOutlined />}
          aria-label={t('gateways.credentials.issue')}
          loading={issue.isPending}
          onClick={() => void quiet(issue.mutateAsync())}
          data-testid="credentials-issue"
        />
      </Tooltip>
    );

  return (
    <Space size={0}>
      <ConfirmIconButton
        label={t('gateways.credentials.rotate')}
        icon={<SyncOutlined />}
        title={t('gateways.credentials.rotate')}
        description={<div style={{ maxWidth: 320 }}>{t('gateways.credentials.rotateConfirm', { mac: device.macAddress })}</div>}
        okText={t('gateways.credentials.rotateOk')}
        cancelText={t('common:cancel')}
        okTestId="credentials-rotate-ok"
        loading={issue.isPending}
        onConfirm={() => quiet(issue.mutateAsync())}
        data-testid="credentials-rotate"
      />
      <ConfirmIconButton
        label={t('gateways.credentials.revoke')}
        icon={<StopOutlined />}
        danger
        title={t('gateways.credentials.revoke')}
        description={<div style={{ maxWidth: 320 }}>{t('gateways.credentials.revokeConfirm', { mac: device.macAddress })}</div>}
        okText={t('gateways.credentials.revokeOk')}
        cancelText={t('common:cancel')}
        okTestId="credentials-revoke-ok"
        loading={revoke.isPending}
        onConfirm={() => quiet(revoke.mutateAsync())}
        data-testid="credentials-revoke"
      />
    </Space>
  );
}
