import { App } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmIconButton } from '../../ui/ConfirmIconButton';

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
  return (
    <ConfirmIconButton
      label={t('delete')}
      tooltip={tooltip}
      icon={<DeleteOutlined />}
      danger
      title={title}
      okText={t('delete')}
      cancelText={t('common:cancel')}
      okTestId="confirm-delete-ok"
      onConfirm={() => onConfirm().catch(() => undefined)}
      onCancel={() => void message.info(t('deleteCanceled'))}
      disabled={disabled}
      data-testid={rest['data-testid']}
    />
  );
}
