import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Modal, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EdgeCredentialsIssued } from '@overtone/contract';

/**
 * Where the device connects, as typed in the `endpoint` field of its `Advance > MQTT` page
 * (senseway-gateway.md §2, §12.2): `mqtts://host:tlsPort` when the operator runs the TLS listener,
 * else `mqtt://host:port`.
 */
export const mqttEndpoint = (broker: EdgeCredentialsIssued['broker']): string =>
  broker.tlsPort !== null ? `mqtts://${broker.host}:${broker.tlsPort}` : `mqtt://${broker.host}:${broker.port}`;

interface Props {
  /** The answer of `POST /gateway` or `POST /{gateway|trigger}/{id}/credentials`. */
  credentials: EdgeCredentialsIssued;
  onClose(): void;
}

/**
 * The MQTT credentials just issued to a gateway or trigger, shown once (the server keeps only a hash
 * of the password): broker host, port, TLS port, username and password, each with a copy button, and
 * the steps to type them on the device's own `Advance > MQTT` page. Closing before the password was
 * copied asks for confirmation (the focus starts on "Back", so Enter does not lose the password).
 */
export function CredentialsDialog({ credentials, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { modal } = App.useApp();
  const [passwordCopied, setPasswordCopied] = useState(false);
  const { broker, username, password } = credentials;
  const endpoint = mqttEndpoint(broker);

  const close = () => {
    if (passwordCopied) return onClose();
    modal.confirm({
      title: t('gateways.credentials.notCopiedTitle'),
      content: t('gateways.credentials.notCopiedContent'),
      okText: t('gateways.credentials.closeAnyway'),
      okButtonProps: { danger: true, 'data-testid': 'credentials-close-anyway' } as ButtonProps,
      cancelText: t('back'),
      focusable: { autoFocusButton: 'cancel' },
      onOk: onClose,
    });
  };

  const copyable = (value: string, testId: string, onCopy?: () => void): ReactNode => (
    <Typography.Text
      code
      copyable={{ text: value, tooltips: [t('copy'), t('copied')], onCopy }}
      data-testid={testId}
      style={{ wordBreak: 'break-all' }}
    >
      {value}
    </Typography.Text>
  );

  const items = [
    { key: 'host', label: t('gateways.credentials.host'), children: copyable(broker.host, 'credentials-host') },
    { key: 'port', label: t('gateways.credentials.port'), children: copyable(String(broker.port), 'credentials-port') },
    ...(broker.tlsPort !== null
      ? [
          {
            key: 'tlsPort',
            label: t('gateways.credentials.tlsPort'),
            children: copyable(String(broker.tlsPort), 'credentials-tls-port'),
          },
        ]
      : []),
    { key: 'username', label: t('gateways.credentials.username'), children: copyable(username, 'credentials-username') },
    {
      key: 'password',
      label: t('gateways.credentials.password'),
      children: copyable(password, 'credentials-password', () => setPasswordCopied(true)),
    },
  ];

  return (
    <Modal
      open
      title={t('gateways.credentials.title', { mac: credentials.macAddress })}
      onCancel={close}
      width={620}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close} data-testid="credentials-close">
          {t('gateways.credentials.close')}
        </Button>
      }
      data-testid="credentials-dialog"
    >
      <Alert
        type="warning"
        showIcon
        title={t('gateways.credentials.shownOnce')}
        description={t('gateways.credentials.shownOnceDetail')}
        style={{ marginBottom: 16 }}
      />
      <Descriptions bordered size="small" column={1} items={items} />
      {broker.clientCertificates && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="credentials-client-certificates">
          {t('gateways.credentials.clientCertificates')}
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('gateways.credentials.howTo')}
      </Typography.Title>
      <ol style={{ paddingInlineStart: 20, margin: 0 }} data-testid="credentials-steps">
        <li>{t('gateways.credentials.step1', { mac: credentials.macAddress })}</li>
        <li>
          {t(broker.tlsPort !== null ? 'gateways.credentials.step2Tls' : 'gateways.credentials.step2')}{' '}
          {copyable(endpoint, 'credentials-endpoint')}
        </li>
        <li>{t('gateways.credentials.step3')}</li>
        <li>
          {t('gateways.credentials.step4')} <Typography.Text code>{username}</Typography.Text>
        </li>
        <li>{t('gateways.credentials.step5')}</li>
        <li>{t('gateways.credentials.step6')}</li>
      </ol>
    </Modal>
  );
}
