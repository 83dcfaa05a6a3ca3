import { Alert, App, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WlanConfig } from '@overtone/contract';
import { isApiError } from '../../../core/api/ApiError';
import { genericErrorMessage } from '../../../core/api/errorMessage';
import { FormDialog } from '../FormDialog';
import { sendWlanConfig, type EdgeKind } from './gatewaysApi';

/** The server's limits (contract `wlanConfigBody`): SSID 1 … 32 characters after trimming (IEEE 802.11), password 1 … 64 (WPA2). */
const SSID_MAX = 32;
const WLAN_PASSWORD_MAX = 64;

export interface WlanDialogProps {
  kind: EdgeKind;
  device: { _id: string; macAddress: string };
  onClose(): void;
}

/**
 * Sends WLAN credentials (SSID and password) to a gateway or a trigger (spec 002 §2 "A WLAN
 * configuration can be requested for gateways and triggers", §9 both required; `PUT /gateway/{id}/config`,
 * `/trigger/{id}/config`). The password is masked. The fields follow the server's schema (SSID
 * required, trimmed, at most 32 characters; password required, at most 64); a refusal (no gateway
 * reaches the trigger, broker down, …) stays in the dialog as a translated message so it can be sent again.
 */
export function WlanDialog({ kind, device, onClose }: WlanDialogProps) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm<WlanConfig>();
  const send = useMutation({
    mutationFn: (v: WlanConfig) => sendWlanConfig(kind, device._id, { ssid: v.ssid.trim(), password: v.password }),
    onSuccess: (answer) => {
      void message.success(t('gateways.wlan.done', { mac: device.macAddress, ssid: answer.ssid }));
      onClose();
    },
  });
  const reason = send.error ? (isApiError(send.error) ? send.error.message : genericErrorMessage()) : null;

  return (
    <FormDialog<WlanConfig>
      open
      title={t('gateways.wlan.title', { mac: device.macAddress })}
      form={form}
      initialValues={{ ssid: '', password: '' }}
      onSubmit={(v) => send.mutate(v)}
      onCancel={onClose}
      submitting={send.isPending}
      okTestId={`${kind}-wlan-ok`}
    >
      <Typography.Paragraph type="secondary">{t('gateways.wlan.help')}</Typography.Paragraph>
      <Form.Item
        name="ssid"
        label={t('gateways.wlan.ssid')}
        rules={[
          { required: true, whitespace: true, message: t('errors:requireSsid') },
          {
            validator: (_, v: string | undefined) =>
              (v ?? '').trim().length > SSID_MAX ? Promise.reject(new Error(t('errors:ssidTooLong'))) : Promise.resolve(),
          },
        ]}
      >
        <Input autoFocus autoComplete="off" data-testid="wlan-ssid" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('gateways.wlan.password')}
        rules={[
          { required: true, message: t('errors:requirepassword') },
          { max: WLAN_PASSWORD_MAX, message: t('errors:wlanPasswordTooLong') },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="wlan-password" />
      </Form.Item>
      {reason && <Alert type="error" showIcon title={t('gateways.wlan.failed', { reason })} data-testid="wlan-error" />}
    </FormDialog>
  );
}
