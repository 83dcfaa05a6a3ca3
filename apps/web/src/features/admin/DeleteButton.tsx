import { App, Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The confirmation question. */
  title: string;
  onConfirm(): Promise<unknown>;
  disabled?: boolean;
  /** Tooltip of the button (e.g. why it is disabled). */
  tooltip?: string;
  'data-testid'?: string;
}

/**
 * A delete icon button asking for confirmation first; cancelling says 'Delete canceled' (spec 002 §8).
 * Failures are shown by the API client.
 */
export function DeleteButton({ title, onConfirm, disabled, tooltip, ...rest }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const okButtonProps = { danger: true, 'data-testid': 'confirm-delete-ok' } as ButtonProps;
  return (
    <Popconfirm
      title={title}
      okText={t('delete')}
      cancelText={t('common:cancel')}
      okButtonProps={okButtonProps}
      onConfirm={() => onConfirm().catch(() => undefined)}
      onCancel={() => void message.info(t('deleteCanceled'))}
      disabled={disabled}
    >
      <Tooltip title={tooltip ?? t('delete')}>
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('delete')}
          disabled={disabled}
          data-testid={rest['data-testid']}
        />
      </Tooltip>
    </Popconfirm>
  );
}
