import { useState } from 'react';
import { App, Button, Empty, Flex, Form, Input, List, Modal, Popconfirm, Select, Switch, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SHARE_EXPIRY,
  SHARE_EXPIRIES,
  SHARE_FLAG_PERMISSIONS,
  type CreateShareBody,
  type ShareExpiry,
} from '@overtone/contract';
import { useDetailAccess } from './detailAccess';
import { useDateFormatter } from '../../ui/formatDate';
import { createShareLink, revokeShareLink, shareLinksQueryKey, shareUrl, useShareLinksQuery } from './measurementApi';

interface Options {
  expiresIn: ShareExpiry;
  allowTrend: boolean;
  allowImage: boolean;
  allowAlarmTransactions: boolean;
}

const DEFAULTS: Options = {
  expiresIn: DEFAULT_SHARE_EXPIRY,
  allowTrend: false,
  allowImage: false,
  allowAlarmTransactions: false,
};

/** Copies a text to the clipboard; false when the browser refuses (insecure origin, no permission). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The share-link dialog (spec 002 §2, §9): expiry (default 4h) and the allowTrend, allowImage and
 * allowAlarmTransactions switches; generating closes the options and shows the link with a copy
 * button (spec 002 §4). The options dialog also lists the active links, each revocable. A switch
 * whose permission the user lacks (SHARE_FLAG_PERMISSIONS: a link shares nothing its creator may not
 * read; the server answers 403 SHARE_FLAG_NOT_HELD) is off and disabled.
 */
export function ShareLinkDialog({ measurementId, open, onClose }: { measurementId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('measurementDetail');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const formatDate = useDateFormatter();
  const [form] = Form.useForm<Options>();
  const [link, setLink] = useState<string | null>(null);
  const links = useShareLinksQuery(measurementId, open);
  const access = useDetailAccess();
  const mayShare = (flag: keyof typeof SHARE_FLAG_PERMISSIONS) => access.can(SHARE_FLAG_PERMISSIONS[flag]);

  const create = useMutation({
    mutationFn: (o: Options) => {
      const body: CreateShareBody = { measurementId, ...o };
      return createShareLink(body);
    },
    onSuccess: (r) => {
      setLink(shareUrl(measurementId, r.token));
      onClose();
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(measurementId) });
    },
  });
  const revoke = useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => {
      void message.success(t('share.revoked'));
      void queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(measurementId) });
    },
  });

  const copy = async () => {
    if (link && (await copyText(link))) void message.success(t('share.copied'));
    else void message.warning(t('share.copyFailed'));
  };

  return (
    <>
      <Modal
        open={open}
        title={t('share.title')}
        onCancel={onClose}
        okText={t('share.generate')}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        confirmLoading={create.isPending}
        destroyOnHidden
        data-testid="share-dialog"
      >
        <Form<Options>
          name="shareLink"
          form={form}
          layout="horizontal"
          labelCol={{ span: 12 }}
          wrapperCol={{ span: 12 }}
          initialValues={DEFAULTS}
          onFinish={(o) => create.mutate(o)}
          preserve={false}
        >
          <Form.Item name="expiresIn" label={t('share.expiresIn')}>
            <Select<ShareExpiry>
              options={SHARE_EXPIRIES.map((e) => ({ value: e, label: t(`share.expiry.${e}`) }))}
              data-testid="share-expiry"
            />
          </Form.Item>
          <Form.Item name="allowTrend" label={t('share.allowTrend')} valuePropName="checked">
            <Switch data-testid="share-allowTrend" disabled={!mayShare('allowTrend')} />
          </Form.Item>
          <Form.Item name="allowImage" label={t('share.allowImage')} valuePropName="checked">
            <Switch data-testid="share-allowImage" disabled={!mayShare('allowImage')} />
          </Form.Item>
          <Form.Item name="allowAlarmTransactions" label={t('share.allowAlarmTransactions')} valuePropName="checked">
            <Switch data-testid="share-allowAlarmTransactions" disabled={!mayShare('allowAlarmTransactions')} />
          </Form.Item>
        </Form>
        <Typography.Title level={5}>{t('share.activeLinks')}</Typography.Title>
        <List
          size="small"
          loading={links.isPending && links.fetchStatus !== 'idle'}
          dataSource={links.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.noLinks')} /> }}
          data-testid="share-links"
          renderItem={(l) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="revoke"
                  title={t('share.revokeConfirm')}
                  okText={t('share.revoke')}
                  cancelText={t('cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => revoke.mutateAsync(l._id)}
                >
                  <Button size="small" danger type="text" icon={<DeleteOutlined />} data-testid="share-revoke">
                    {t('share.revoke')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Flex vertical>
                <Typography.Text>
                  {t('share.expiresAt', { date: formatDate(l.expiresAt) })} · {t(`share.expiry.${l.expiresIn}`)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    l.createdBy ? `${l.createdBy.name} ${l.createdBy.surname}` : null,
                    l.allowTrend ? t('share.allowTrend') : null,
                    l.allowImage ? t('share.allowImage') : null,
                    l.allowAlarmTransactions ? t('share.allowAlarmTransactions') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Modal>
      <Modal
        open={link !== null}
        title={t('share.linkTitle')}
        onCancel={() => setLink(null)}
        footer={[
          <Button key="close" onClick={() => setLink(null)}>
            {t('close')}
          </Button>,
        ]}
        data-testid="share-link-result"
      >
        <Typography.Paragraph type="secondary">{t('share.linkHint')}</Typography.Paragraph>
        <Flex gap={8}>
          <Input readOnly value={link ?? ''} onFocus={(e) => e.target.select()} data-testid="share-link" />
          <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
            {t('share.copy')}
          </Button>
        </Flex>
      </Modal>
    </>
  );
}
