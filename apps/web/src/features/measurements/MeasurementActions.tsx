import { App, Button, Popconfirm } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../core/session';
import { deleteMeasurements, MEASUREMENT_LISTS, measurementDownloadUrl, type MeasurementListParams } from './measurementsApi';

/**
 * Delete (with confirmation; deleteMeasurement) and download of the selection, or of every match
 * when nothing is selected (download only). The download opens the signed archive URL.
 */
export function MeasurementActions({
  selected,
  filters,
  onDeleted,
}: {
  selected: string[];
  filters: Omit<MeasurementListParams, 'page' | 'pageSize'>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('measurements');
  const { message } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteMeasurements(selected),
    onSuccess: async (r) => {
      void message.success(t('deleted', { count: r.deleted }));
      onDeleted();
      await queryClient.invalidateQueries(MEASUREMENT_LISTS);
    },
  });
  const download = useMutation({
    mutationFn: () => measurementDownloadUrl(selected.length ? { ...filters, ids: selected.join(',') } : filters),
    onSuccess: (r) => window.location.assign(r.url),
  });

  return (
    <>
      {hasPermission(session, 'deleteMeasurement') && (
        <Popconfirm
          title={t('deleteConfirm', { count: selected.length })}
          okText={t('delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync()}
          disabled={!selected.length}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            loading={remove.isPending}
            data-testid="measurements-delete"
          >
            {t('deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      )}
      <Button
        icon={<DownloadOutlined />}
        onClick={() => download.mutate()}
        loading={download.isPending}
        data-testid="measurements-download"
      >
        {selected.length ? t('downloadSelected', { count: selected.length }) : t('download')}
      </Button>
    </>
  );
}
