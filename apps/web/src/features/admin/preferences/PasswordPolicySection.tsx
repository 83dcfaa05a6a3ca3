import { Alert, Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FLOOR_LENGTH } from '@overtone/contract';

const SWITCHES = [
  'requiresUpperCaseLetters',
  'requiresLowerCaseLetters',
  'requiresNumbers',
  'requiresSpecialCharacters',
] as const;

/** Password policy (spec 002 §5): minimum length 4–16 and the four character classes; the global floor is noted. */
export function PasswordPolicySection() {
  const { t } = useTranslation('admin');
  return (
    <>
      <Form.Item
        name={['passwordPolicy', 'minCharacter']}
        label={t('preferences.minLength')}
        rules={[{ required: true, type: 'number', min: 4, max: 16, message: t('validation.minLengthRange') }]}
      >
        <InputNumber min={4} max={16} precision={0} data-testid="pref-min-length" />
      </Form.Item>
      <Alert type="info" showIcon title={t('preferences.floorNote', { n: PASSWORD_FLOOR_LENGTH })} style={{ marginBottom: 16 }} />
      {SWITCHES.map((key) => (
        <Form.Item key={key} name={['passwordPolicy', key]} label={t(`preferences.policy.${key}`)} valuePropName="checked">
          <Switch data-testid={`pref-${key}`} />
        </Form.Item>
      ))}
    </>
  );
}
