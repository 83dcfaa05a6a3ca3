import { App, Form, Input, Radio, Select, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failedRules, type PasswordPolicy, type Role, type User } from '@overtone/contract';
import { FormDialog } from '../FormDialog';
import { PasswordChecklist } from '../../account/PasswordChecklist';
import { PhoneFields } from './PhoneFields';
import { toUserCreateBody, toUserUpdateBody, userFormValues, type UserFormValues } from './userForm';
import { useAdminAccess } from '../useAdminAccess';
import { createUser, invalidateUsers, updateUser } from './usersApi';

const TWO_COLUMNS = { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 } as const;

interface Props {
  open: boolean;
  /** The user to edit; null creates one. */
  user: User | null;
  roles: readonly Role[];
  policy: PasswordPolicy;
  onClose(): void;
}

/**
 * Create (createUser) or edit (updateUser) a user (spec 002 §5): name, surname, role and e-mail
 * required; on create a password meeting the customer's policy ('Weak Password'), with the live
 * checklist; phone with its country (default TR); user type (admin only by an admin); second step by
 * e-mail (default on).
 */
export function UserFormDialog({ open, user, roles, policy, onClose }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const password = Form.useWatch('password', form) ?? '';
  const create = user === null;
  const { isAdmin } = useAdminAccess();

  const save = useMutation({
    mutationFn: (v: UserFormValues) => (create ? createUser(toUserCreateBody(v)) : updateUser(user._id, toUserUpdateBody(v))),
    onSuccess: async () => {
      void message.success(t(create ? 'users.created' : 'users.updated'));
      await invalidateUsers(queryClient);
      onClose();
    },
  });

  const roleOptions = roles.map((r) => ({ value: r._id, label: r.displayName || r.name }));
  if (user?.role && !roles.some((r) => r._id === user.role))
    roleOptions.push({ value: user.role, label: user.roleName ?? user.role });

  return (
    <FormDialog<UserFormValues>
      open={open}
      title={t(create ? 'users.createTitle' : 'users.editTitle')}
      form={form}
      initialValues={userFormValues(user)}
      onSubmit={(v) => save.mutate(v)}
      onCancel={onClose}
      submitting={save.isPending}
      okTestId="user-dialog-ok"
      width={560}
    >
      <div style={TWO_COLUMNS}>
        <Form.Item
          name="name"
          label={t('users.name')}
          rules={[{ required: true, whitespace: true, message: t('validation.requirename') }]}
        >
          <Input autoFocus maxLength={100} data-testid="user-name" />
        </Form.Item>
        <Form.Item
          name="surname"
          label={t('users.surname')}
          rules={[{ required: true, whitespace: true, message: t('validation.requiresurname') }]}
        >
          <Input maxLength={100} data-testid="user-surname" />
        </Form.Item>
      </div>
      <Form.Item
        name="email"
        label={t('users.email')}
        rules={[
          { required: true, whitespace: true, message: t('validation.requireemail') },
          { type: 'email', message: t('validation.invalidEmail') },
        ]}
      >
        <Input type="email" autoComplete="off" maxLength={254} data-testid="user-email" />
      </Form.Item>
      {create && (
        <>
          <Form.Item
            name="password"
            label={t('users.password')}
            rules={[
              { required: true, message: t('validation.requirepassword') },
              {
                validator: (_, v: string | undefined) =>
                  !v || failedRules(v, policy).length === 0
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.weakPassword'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="user-password" />
          </Form.Item>
          <div style={{ marginTop: -8, marginBottom: 16 }}>
            <PasswordChecklist password={password} policy={policy} />
          </div>
        </>
      )}
      <PhoneFields />
      <div style={TWO_COLUMNS}>
        <Form.Item name="role" label={t('users.role')} rules={[{ required: true, message: t('validation.requirerole') }]}>
          <Select
            options={roleOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('users.selectRole')}
            data-testid="user-role"
          />
        </Form.Item>
        <Form.Item name="userType" label={t('users.userType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'user', label: t('userType.user') },
              { value: 'admin', label: t('userType.admin'), disabled: !isAdmin },
            ]}
            data-testid="user-type"
          />
        </Form.Item>
      </div>
      <Form.Item name="mfaEnabled" label={t('users.mfaEnabled')} valuePropName="checked" extra={t('users.mfaHint')}>
        <Switch data-testid="user-mfa" />
      </Form.Item>
    </FormDialog>
  );
}
