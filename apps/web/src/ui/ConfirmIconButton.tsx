import { useState, type ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, type ButtonProps } from 'antd';

interface Props {
  /** What the button does: its tooltip and accessible name. */
  label: string;
  icon: ReactNode;
  /** The confirmation question, and an optional longer description under it. */
  title: ReactNode;
  description?: ReactNode;
  okText: string;
  cancelText: string;
  /** A destructive action: red button and red OK. */
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** Tooltip when it should say more than `label` (e.g. why the button is disabled). */
  tooltip?: string;
  onConfirm(): Promise<unknown>;
  onCancel?(): void;
  'data-testid'?: string;
  /** data-testid of the confirmation's OK button. */
  okTestId?: string;
}

/**
 * A small icon button with a tooltip that asks for confirmation (Popconfirm) before acting. The
 * tooltip is hidden while the confirmation is open: left showing, it covers the confirmation's OK
 * button for a pointer that stays on the icon.
 */
export function ConfirmIconButton({
  label,
  icon,
  title,
  description,
  okText,
  cancelText,
  danger,
  loading,
  disabled,
  tooltip,
  onConfirm,
  onCancel,
  okTestId,
  ...rest
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const okButtonProps = { danger, 'data-testid': okTestId } as ButtonProps;
  return (
    <Popconfirm
      open={confirming}
      onOpenChange={(open) => setConfirming(open && !disabled)}
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={okButtonProps}
      onConfirm={onConfirm}
      onCancel={onCancel}
      disabled={disabled}
    >
      <Tooltip title={tooltip ?? label} open={confirming ? false : undefined}>
        <Button
          type="text"
          size="small"
          danger={danger}
          icon={icon}
          aria-label={label}
          loading={loading}
          disabled={disabled}
          data-testid={rest['data-testid']}
        />
      </Tooltip>
    </Popconfirm>
  );
}
