import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { failedRules, PASSWORD_MAX_LENGTH, type PasswordPolicy } from '@overtone/contract';
import { PasswordChecklist } from './PasswordChecklist';

/** Field values of {@link NewPasswordFields}. */
export interface NewPasswordValues {
  password: string;
  confirm: string;
}

/**
 * The new password twice and the live policy checklist (spec 000 §5), for a surrounding antd
 * `Form` whose values include {@link NewPasswordValues}. Validated on blur: 'Please input the
 * password', 'Weak Password' (fails the policy), 'Please input the password again', "Two inputs
 * don't match!". A field showing an error is checked again as the user types, so the message goes
 * away as soon as it is fixed.
 */
export function NewPasswordFields({ policy }: { policy: PasswordPolicy | null | undefined }) {
  const { t } = useTranslation('login');
  const form = Form.useFormInstance<NewPasswordValues>();
  const password = Form.useWatch('password', form) ?? '';

  const recheckIfShowingError = (name: keyof NewPasswordValues) => () => {
    if (form.getFieldError(name).length) void form.validateFields([name]).catch(() => undefined);
  };

  return (
    <>
      <Form.Item
        name="password"
        label={t('newPassword')}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: t('passwordRequired') },
          {
            validator: (_, value: string | undefined) =>
              !value || failedRules(value, policy).length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(t('errors:WEAK_PASSWORD'))),
          },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          autoFocus
          onChange={recheckIfShowingError('password')}
          data-testid="new-password"
        />
      </Form.Item>
      <PasswordChecklist password={password} policy={policy} />
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        validateTrigger="onBlur"
        dependencies={['password']}
        style={{ marginTop: 16 }}
        rules={[
          { required: true, message: t('passwordAgainRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwordsDontMatch'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          onChange={recheckIfShowingError('confirm')}
          data-testid="new-password-confirm"
        />
      </Form.Item>
    </>
  );
}
