import { Form, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_MAIL_FREQUENCIES } from '@overtone/contract';
import { useUsersQuery } from '../users/usersApi';
import { useAdminAccess } from '../useAdminAccess';
import { isEmail } from './preferencesForm';

const NEVER = 9999999;

/**
 * Alarm preferences (spec 002 §2, §9): mail receivers (validated e-mails), mail frequency
 * (immediately, 6, 12, 18, 24 h, never), lowest level that mails, gateway-disconnected alarm,
 * notification receivers (users) and the automatic crest factor* alarm.
 */
export function AlarmSection() {
  const { t } = useTranslation('admin');
  const { can } = useAdminAccess();
  const users = useUsersQuery(can('readUser'));

  const frequencyLabel = (h: number) =>
    h === 0
      ? t('preferences.frequency.immediately')
      : h === NEVER
        ? t('preferences.frequency.never')
        : t('preferences.frequency.hours', { count: h });

  return (
    <>
      <Form.Item
        name={['alarm', 'mailReceivers']}
        label={t('preferences.mailReceivers')}
        extra={t('preferences.mailReceiversHint')}
        rules={[
          {
            validator: (_, v: string[] | undefined) => {
              const bad = (v ?? []).filter((m) => !isEmail(m));
              return bad.length
                ? Promise.reject(new Error(t('validation.invalidEmails', { emails: bad.join(', ') })))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ';', ' ']} data-testid="pref-mail-receivers" />
      </Form.Item>
      <Form.Item name={['alarm', 'frequencyAlarmMail']} label={t('preferences.mailFrequency')}>
        <Select
          data-testid="pref-mail-frequency"
          options={ALARM_MAIL_FREQUENCIES.map((h) => ({ value: h, label: frequencyLabel(h) }))}
        />
      </Form.Item>
      <Form.Item name={['alarm', 'alarmLevel']} label={t('preferences.alarmLevel')}>
        <Select
          data-testid="pref-alarm-level"
          options={([1, 2, 3] as const).map((l) => ({ value: l, label: t(`preferences.level.${l}`) }))}
        />
      </Form.Item>
      <Form.Item
        name={['alarm', 'notificationReceivers']}
        label={t('preferences.notificationReceivers')}
        extra={t('preferences.notificationReceiversHint')}
      >
        <Select
          mode="multiple"
          allowClear
          loading={users.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          options={(users.data ?? []).map((u) => ({ value: u._id, label: `${u.name} ${u.surname} <${u.email}>` }))}
          data-testid="pref-notification-receivers"
        />
      </Form.Item>
      <Form.Item
        name={['alarm', 'enableSensewayAlarm']}
        label={t('preferences.sensewayAlarm')}
        valuePropName="checked"
        extra={t('preferences.sensewayAlarmHint')}
      >
        <Switch data-testid="pref-senseway-alarm" />
      </Form.Item>
      <Form.Item
        name={['alarm', 'autoAlarms', 'crest_star']}
        label={t('preferences.crestStar')}
        valuePropName="checked"
        extra={t('preferences.crestStarHint')}
      >
        <Switch data-testid="pref-crest-star" />
      </Form.Item>
    </>
  );
}
