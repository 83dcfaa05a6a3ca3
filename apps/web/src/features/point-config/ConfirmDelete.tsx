import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A delete button guarded by a confirmation (spec 001 §2: deletes of device, profile and periodic
 * settings are confirmed); cancelling says so.
 */
export function ConfirmDelete({ title, onConfirm, testId }: { title: string; onConfirm(): Promise<unknown>; testId: string }) {
  const { t } = useTranslation('pointConfig');
  const { message } = App.useApp();
  const okButtonProps = { danger: true, 'data-testid': `${testId}-ok` } as ButtonProps;
  return (
    <Popconfirm
      title={title}
      okText={t('delete')}
      cancelText={t('cancel')}
      okButtonProps={okButtonProps}
      onConfirm={() => onConfirm().catch(() => undefined)}
      onCancel={() => void message.info(t('deleteCanceled'))}
    >
      <Button danger icon={<DeleteOutlined />} data-testid={testId}>
        {t('delete')}
      </Button>
    </Popconfirm>
  );
}
