import type { ReactNode } from 'react';
import { Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  onSubmit(values: T): void;
  onCancel(): void;
  submitting?: boolean;
  /** data-testid of the OK button. */
  okTestId: string;
  width?: number;
  children: ReactNode;
}

/**
 * A dialog holding a vertical form. The whole dialog is the form and OK is its submit button, so
 * Enter in a field submits it (keyboard use) and the form's validation runs before `onSubmit`.
 */
export function FormDialog<T>({
  open,
  title,
  form,
  initialValues,
  onSubmit,
  onCancel,
  submitting,
  okTestId,
  width,
  children,
}: Props<T>) {
  const { t } = useTranslation('admin');
  const okButtonProps = { htmlType: 'submit', loading: submitting, 'data-testid': okTestId } as ButtonProps;
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      okText={t('save')}
      cancelText={t('common:cancel')}
      okButtonProps={okButtonProps}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<T>
          name={okTestId ? okTestId.replace(/-ok$/, '') : 'adminDialog'}
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={onSubmit}
          clearOnDestroy
          // the form's own messages, never the browser's bubble over them (an e-mail field)
          noValidate
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}
