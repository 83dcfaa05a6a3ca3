import { useState } from 'react';
import { App, Button, Dropdown, type ButtonProps, type MenuProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, LinkOutlined, ToolOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DeleteMeasurementResponse, MeasurementDetail } from '@overtone/contract';
import { measurementJsonFromDetail } from '@overtone/contract';
import { measurementPath } from '../measurements/lastMeasurement';
import { MEASUREMENT_LISTS } from '../measurements/measurementsApi';
import { useDetailAccess } from './detailAccess';
import { deleteMeasurement, fetchMeasurementJson, forgetMeasurement } from './measurementApi';
import { ShareLinkDialog } from './ShareLinkDialog';
import { saveBlob } from '../../ui/saveBlob';

/** Where the page goes after a delete (spec 002 §4): the adjacent measurement of the point, else `/`. */
export const pathAfterDelete = (r: DeleteMeasurementResponse) =>
  r.pointId && r.adjacent ? measurementPath(r.adjacent._id) : '/';

/** Saves a JSON value as a file. */
const saveJson = (value: unknown, fileName: string) =>
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);

/**
 * The tools menu of the header (spec 002 §2): generate temporary link, download (JSON) and delete
 * (deleteMeasurement, with confirmation). Read-only mode keeps the download only.
 */
export function MeasurementToolsMenu({ m }: { m: MeasurementDetail }) {
  const { t } = useTranslation('measurementDetail');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { readOnly, can } = useDetailAccess();
  const [sharing, setSharing] = useState(false);

  const download = useMutation({
    // A share token cannot call `GET /measurement/{id}/json`: the file is built from the loaded detail.
    mutationFn: async () => (readOnly ? measurementJsonFromDetail(m) : fetchMeasurementJson(m._id)),
    onSuccess: (json) => saveJson(json, `measurement-${m._id}.json`),
  });
  const remove = useMutation({
    mutationFn: () => deleteMeasurement(m._id),
    onSuccess: async (r) => {
      void message.success(t('delete.done'));
      forgetMeasurement(queryClient, m._id);
      void queryClient.invalidateQueries(MEASUREMENT_LISTS);
      await navigate(pathAfterDelete(r), { replace: true });
    },
  });

  const confirmDelete = () =>
    modal.confirm({
      title: t('delete.title'),
      content: t('delete.confirm'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'delete-ok' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: () => remove.mutateAsync().catch(() => undefined),
      onCancel: () => void message.info(t('delete.canceled')),
    });

  const items: MenuProps['items'] = [
    ...(!readOnly ? [{ key: 'share', icon: <LinkOutlined />, label: t('tools.share'), 'data-testid': 'tools-share' }] : []),
    {
      key: 'download',
      icon: <DownloadOutlined />,
      label: t('tools.download'),
      disabled: download.isPending,
      'data-testid': 'tools-download',
    },
    ...(!readOnly && can('deleteMeasurement')
      ? [
          { type: 'divider' as const },
          { key: 'delete', icon: <DeleteOutlined />, label: t('tools.delete'), danger: true, 'data-testid': 'tools-delete' },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'share') setSharing(true);
    else if (key === 'download') download.mutate();
    else if (key === 'delete') confirmDelete();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button icon={<ToolOutlined />} loading={download.isPending || remove.isPending} data-testid="tools-menu">
          {t('tools.title')}
        </Button>
      </Dropdown>
      {!readOnly && <ShareLinkDialog measurementId={m._id} open={sharing} onClose={() => setSharing(false)} />}
    </>
  );
}
