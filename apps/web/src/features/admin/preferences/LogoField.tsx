import { App, Button, Flex, Popconfirm, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../core/api/ApiError';
import { reloadCustomer } from '../../../core/customer/customerApi';
import { deleteLogo, uploadLogo } from './preferencesApi';

/** Image types the server accepts for the logo (it stores a 40 px high PNG). */
const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface Props {
  /** URL of the current logo (it carries a content hash, so a new logo is a new URL), or null. */
  logo: string | null;
  disabled: boolean;
}

/** The customer's logo (spec 002 §2): preview, upload (resized to 40 px high by the server) and remove. */
export function LogoField({ logo, disabled }: Props) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: async () => {
      void message.success(t('preferences.logoUploaded'));
      await reloadCustomer(queryClient);
    },
    onError: (e) => void message.error(isApiError(e) ? e.message : t('preferences.logoFailed')),
  });
  const remove = useMutation({
    mutationFn: deleteLogo,
    onSuccess: async () => {
      void message.success(t('preferences.logoRemoved'));
      await reloadCustomer(queryClient);
    },
  });

  return (
    <Flex align="center" gap={12} wrap data-testid="logo-field">
      <Flex
        align="center"
        justify="center"
        style={{
          height: 56,
          minWidth: 120,
          padding: '0 12px',
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          background: '#fafafa',
        }}
      >
        {logo ? (
          <img src={logo} alt={t('preferences.logo')} style={{ height: 40 }} data-testid="logo-preview" />
        ) : (
          <Typography.Text type="secondary">{t('preferences.noLogo')}</Typography.Text>
        )}
      </Flex>
      <Upload
        accept={LOGO_TYPES}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} disabled={disabled} data-testid="logo-upload">
          {t('preferences.uploadLogo')}
        </Button>
      </Upload>
      {logo && (
        <Popconfirm
          title={t('preferences.removeLogoConfirm')}
          okText={t('delete')}
          cancelText={t('common:cancel')}
          onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          onCancel={() => void message.info(t('deleteCanceled'))}
          disabled={disabled}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} disabled={disabled} data-testid="logo-remove">
            {t('preferences.removeLogo')}
          </Button>
        </Popconfirm>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('preferences.logoHint')}
      </Typography.Text>
    </Flex>
  );
}
