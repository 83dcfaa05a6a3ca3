import { App, Form, Input } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role } from '@overtone/contract';
import { FormDialog } from '../FormDialog';
import { PermissionPicker } from './PermissionPicker';
import { roleNameAsTyped, roleNameOnSave } from './roleName';
import { createRole, invalidateRoles, updateRole } from './rolesApi';

interface RoleFormValues {
  name: string;
  displayName?: string;
  permissions: string[];
}

/**
 * Create (createRole) or edit (updateRole) a role (spec 002 §2 "Roles tab"): the name, normalised
 * as it is typed (spec 002 §5), an optional display name, and the permission switches by category.
 */
export function RoleFormDialog({ role, onClose }: { role: Role | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RoleFormValues>();
  const mode = role ? 'edit' : 'create';

  const save = useMutation({
    mutationFn: (v: RoleFormValues) => {
      const body = {
        name: roleNameOnSave(v.name, mode),
        displayName: v.displayName?.trim() || undefined,
        permissions: v.permissions,
      };
      return role ? updateRole(role._id, body) : createRole(body);
    },
    onSuccess: async () => {
      void message.success(t(role ? 'roles.updated' : 'roles.created'));
      await invalidateRoles(queryClient);
      onClose();
    },
  });

  return (
    <FormDialog<RoleFormValues>
      open
      title={t(role ? 'roles.editTitle' : 'roles.createTitle')}
      form={form}
      initialValues={{ name: role?.name ?? '', displayName: role?.displayName ?? '', permissions: role?.permissions ?? [] }}
      onSubmit={(v) => save.mutate(v)}
      onCancel={onClose}
      submitting={save.isPending}
      okTestId="role-dialog-ok"
      width={960}
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', columnGap: 16 }}>
        <Form.Item
          name="name"
          label={t('roles.name')}
          extra={t(role ? 'roles.nameHintEdit' : 'roles.nameHintCreate')}
          normalize={(v?: string) => roleNameAsTyped(v ?? '', mode)}
          rules={[{ required: true, whitespace: true, message: t('validation.requireRoleName') }]}
        >
          <Input autoFocus maxLength={64} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="displayName" label={t('roles.displayName')}>
          <Input maxLength={100} data-testid="role-display-name" />
        </Form.Item>
      </div>
      <Form.Item name="permissions" label={t('roles.permissions')}>
        <PermissionPicker />
      </Form.Item>
    </FormDialog>
  );
}
