import { App, Form, Input, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EdgeCredentialsIssued } from '@overtone/contract';
import { FormDialog } from '../FormDialog';
import { MAC_PATTERN } from '../../point-config/DeviceSection';
import { invalidateGateways, registerGateway } from './gatewaysApi';

interface Values {
  macAddress: string;
  root: 'prod' | 'lake';
}

interface Props {
  onClose(): void;
  /** Called with the new gateway's MQTT credentials, after the dialog closed (the caller shows them once). */
  onRegistered(credentials: EdgeCredentialsIssued): void;
}

/**
 * Registers a gateway of the customer (`POST /gateway {macAddress, root}`, updateGateway): its MAC
 * (six hex pairs; lower case typed is upper-cased, the point form's rule and message) and its topic
 * root, prod (default) or lake. The server issues its MQTT credentials at once; errors (409 when the
 * MAC is registered already) are shown by the API client.
 */
export function RegisterGatewayDialog({ onClose, onRegistered }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  const save = useMutation({
    mutationFn: (v: Values) => registerGateway({ macAddress: v.macAddress, root: v.root }),
    onSuccess: (answer) => {
      void message.success(t('gateways.register.done'));
      void invalidateGateways(queryClient);
      onClose();
      onRegistered(answer.credentials);
    },
  });

  return (
    <FormDialog<Values>
      open
      title={t('gateways.register.title')}
      form={form}
      initialValues={{ macAddress: '', root: 'prod' }}
      onSubmit={(v) => save.mutate(v)}
      onCancel={onClose}
      submitting={save.isPending}
      okTestId="register-gateway-ok"
    >
      <Form.Item
        name="macAddress"
        label={t('gateways.macAddress')}
        normalize={(v: string) => (v ?? '').toUpperCase().trim()}
        rules={[
          { required: true, message: t('pointConfig:macRequired') },
          { pattern: MAC_PATTERN, message: t('pointConfig:invalidMac') },
        ]}
      >
        <Input autoFocus placeholder="AB:CD:EF:12:34:56" maxLength={17} className="mono" data-testid="register-gateway-mac" />
      </Form.Item>
      <Form.Item name="root" label={t('gateways.register.root')} extra={t('gateways.register.rootHint')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'prod', label: 'prod' },
            { value: 'lake', label: 'lake' },
          ]}
          data-testid="register-gateway-root"
        />
      </Form.Item>
    </FormDialog>
  );
}
