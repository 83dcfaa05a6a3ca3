import { useEffect } from 'react';
import { Alert, App, Button, Card, Flex, Form, Radio, Select, Skeleton } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reloadCustomer } from '../../../core/customer/customerApi';
import { useCustomerRecord } from '../customerRecord';
import { invalidateTelemetry, useTelemetryQuery } from '../../telemetry/telemetryApi';
import { useAdminAccess } from '../useAdminAccess';
import { AlarmSection } from './AlarmSection';
import { LocalizationSection } from './LocalizationSection';
import { LogoField } from './LogoField';
import { PasswordPolicySection } from './PasswordPolicySection';
import { savePreferences } from './preferencesApi';
import { preferencesBody, preferencesFormValues, type PreferencesFormValues } from './preferencesForm';

/** Mains frequencies of the grid a customer can choose, Hz (contract `mainsFrequencyHz`). */
const MAINS_FREQUENCIES_HZ = [50, 60] as const;

/**
 * The customer's preferences (spec 002 §2): logo, localization, alarms, password policy, default
 * telemetry and the mains frequency (50 / 60 Hz: the diagnosis looks for electrical faults at twice it). Save writes the whole object (`PUT /preferences`) and reloads the customer; Reset goes
 * back to the saved values. Read-only without updatePreferences.
 */
export function PreferencesTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { can } = useAdminAccess();
  const editable = can('updatePreferences');
  const record = useCustomerRecord();
  const telemetry = useTelemetryQuery();
  const [form] = Form.useForm<PreferencesFormValues>();
  const saved = record.data?.preferences;

  useEffect(() => {
    if (saved) form.setFieldsValue(preferencesFormValues(saved));
  }, [saved, form]);

  const save = useMutation({
    mutationFn: (values: PreferencesFormValues) => savePreferences(preferencesBody(saved!, values)),
    onSuccess: async () => {
      void message.success(t('preferences.saved'));
      await Promise.all([reloadCustomer(queryClient), invalidateTelemetry(queryClient)]);
    },
  });

  if (!saved) return <Skeleton active paragraph={{ rows: 10 }} />;

  return (
    <Form<PreferencesFormValues>
      name="preferences"
      form={form}
      layout="vertical"
      disabled={!editable}
      initialValues={preferencesFormValues(saved)}
      onFinish={(v) => save.mutate(v)}
      data-testid="preferences-form"
    >
      <Flex vertical gap={16}>
        {!editable && <Alert type="info" showIcon title={t('preferences.readOnly')} />}
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))', gap: 16, alignItems: 'start' }}
        >
          <Card size="small" title={t('preferences.general')}>
            <Form.Item label={t('preferences.logo')}>
              <LogoField logo={saved.logo} disabled={!editable} />
            </Form.Item>
            <LocalizationSection />
            <Form.Item name="defaultTelemetry" label={t('preferences.defaultTelemetry')}>
              <Select
                data-testid="pref-default-telemetry"
                loading={telemetry.isPending}
                showSearch={{ optionFilterProp: 'label' }}
                options={(telemetry.data ?? []).map((d) => ({ value: d.name, label: `${d.displayName} (${d.name})` }))}
              />
            </Form.Item>
            <Form.Item
              name="mainsFrequencyHz"
              label={t('preferences.mainsFrequency')}
              extra={t('preferences.mainsFrequencyHint')}
            >
              <Radio.Group
                optionType="button"
                options={MAINS_FREQUENCIES_HZ.map((hz) => ({ value: hz, label: t('preferences.mainsFrequencyValue', { hz }) }))}
                data-testid="pref-mains-frequency"
              />
            </Form.Item>
          </Card>
          <Card size="small" title={t('preferences.alarms')}>
            <AlarmSection />
          </Card>
          <Card size="small" title={t('preferences.passwordPolicy')}>
            <PasswordPolicySection />
          </Card>
        </div>
        {editable && (
          <Flex gap={8} justify="end">
            <Button onClick={() => form.setFieldsValue(preferencesFormValues(saved))} data-testid="preferences-reset">
              {t('reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="preferences-save">
              {t('save')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Form>
  );
}
