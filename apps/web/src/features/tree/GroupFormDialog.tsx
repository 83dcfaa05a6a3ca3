import { useEffect } from 'react';
import { App, Form, Input, Modal, Spin, type ButtonProps } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, sanitizeTagCode } from '@overtone/contract';
import { endpointQuery } from '../../core/api/endpointQuery';
import { groupTagCodeAsTyped, groupTagCodeForForm } from './groupTagCode';
import { createGroup, updateGroup, type GroupValues } from './treeMutations';

/** Create a group under a parent ('root' for a root group) or edit one. */
export type GroupFormMode = { kind: 'create'; parentGroupId: string } | { kind: 'edit'; groupId: string };

interface Props {
  open: boolean;
  mode: GroupFormMode;
  onClose(): void;
  onSaved(groupId: string): void;
}

/**
 * The group dialog (spec 000 §2 "Dialogs", §5 "Group form"): name, required (checked on blur),
 * and tag code, required (checked as it changes, tree.pleaseInputTagCode), shown with its '#'
 * prefix and sanitised as it is typed. Edit loads the group with `GET /tree/group/{id}`.
 * Save failures are shown by the API client (a 409 carries the rule broken).
 */
export function GroupFormDialog({ open, mode, onClose, onSaved }: Props) {
  const { t } = useTranslation('tree');
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupValues>();
  const editId = mode.kind === 'edit' ? mode.groupId : null;

  const loaded = useQuery({
    ...endpointQuery(ENDPOINTS.getGroup, { params: { id: editId ?? '' } }),
    enabled: open && editId !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (loaded.data) form.setFieldsValue({ name: loaded.data.name, tagCode: groupTagCodeForForm(loaded.data.tagCode) });
  }, [loaded.data, form]);

  const save = useMutation({
    mutationFn: async (v: GroupValues) => {
      const body = { name: v.name.trim(), tagCode: sanitizeTagCode(v.tagCode) };
      if (mode.kind === 'edit') {
        await updateGroup(mode.groupId, body);
        return mode.groupId;
      }
      return createGroup(mode.parentGroupId, body);
    },
    onSuccess: (id) => {
      void message.success(t(mode.kind === 'edit' ? 'groupUpdated' : 'groupCreated'));
      onSaved(id);
    },
  });

  const title = mode.kind === 'edit' ? t('editGroup') : mode.parentGroupId === 'root' ? t('createRootGroup') : t('createGroup');
  const okButtonProps = {
    htmlType: 'submit',
    loading: save.isPending,
    disabled: loaded.isFetching,
    'data-testid': 'group-form-ok',
  } as ButtonProps;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('common:cancel')}
      okButtonProps={okButtonProps}
      cancelButtonProps={{ 'data-testid': 'group-form-cancel' } as ButtonProps}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<GroupValues>
          name="group"
          form={form}
          layout="vertical"
          initialValues={{ name: '', tagCode: '' }}
          onFinish={(v) => save.mutate(v)}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      <Spin spinning={loaded.isFetching}>
        <div data-testid="group-form-dialog">
          <Form.Item
            name="name"
            label={t('groupName')}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: t('pleaseEnterName') }]}
          >
            <Input autoFocus maxLength={200} data-testid="group-name" />
          </Form.Item>
          <Form.Item
            name="tagCode"
            label={t('tagCode')}
            extra={t('tagCodeHint')}
            validateTrigger="onChange"
            normalize={(v?: string) => groupTagCodeAsTyped(v)}
            rules={[{ required: true, whitespace: true, message: t('pleaseInputTagCode') }]}
          >
            <Input prefix="#" maxLength={64} data-testid="group-tag-code" />
          </Form.Item>
        </div>
      </Spin>
    </Modal>
  );
}
