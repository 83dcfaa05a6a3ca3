import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WlanDialog, type WlanDialogProps } from './WlanDialog';

/** The row action that opens {@link WlanDialog} (updateGateway). */
export function WlanButton({ kind, device }: Omit<WlanDialogProps, 'onClose'>) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('gateways.wlan.action')}>
        <Button
          type="text"
          icon={<WifiOutlined />}
          aria-label={t('gateways.wlan.action')}
          onClick={() => setOpen(true)}
          data-testid={`${kind}-wlan`}
        />
      </Tooltip>
      {open && <WlanDialog kind={kind} device={device} onClose={() => setOpen(false)} />}
    </>
  );
}
