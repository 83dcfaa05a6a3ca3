import { useState } from 'react';
import { App, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MeasurementPhoto } from '@overtone/contract';
import { ConfirmIconButton } from '../../ui/ConfirmIconButton';
import { useDateFormatter } from '../../ui/formatDate';
import { useDetailAccess } from './detailAccess';
import { ImageViewer } from './ImageViewer';
import { deletePhoto, photosQueryKey, usePhotosQuery } from './measurementApi';

const THUMB = 120;

/**
 * Photos attached to the measurement (spec 002 §2): thumbnails (loaded lazily) that open the image
 * viewer; each deletable with deleteMeasurementPhoto (not in read-only mode), after confirmation.
 */
export function PhotosCard({ measurementId, readOnly = false }: { measurementId: string; readOnly?: boolean }) {
  const { t } = useTranslation('measurementDetail');
  const { message } = App.useApp();
  const { can } = useDetailAccess();
  const formatDate = useDateFormatter();
  const queryClient = useQueryClient();
  const q = usePhotosQuery(measurementId, readOnly);
  const [viewing, setViewing] = useState<number | null>(null);
  const canDelete = !readOnly && can('deleteMeasurementPhoto');
  const photos = q.data ?? [];

  const remove = useMutation({
    mutationFn: (p: MeasurementPhoto) => deletePhoto(measurementId, p.key),
    onSuccess: (_r, p) => {
      queryClient.setQueryData<MeasurementPhoto[]>(photosQueryKey(measurementId, readOnly), (old) =>
        old?.filter((x) => x.key !== p.key),
      );
      void message.success(t('photos.deleted'));
    },
  });

  return (
    <Card size="small" title={t('photos.title')} data-testid="measurement-photos">
      {q.isPending ? (
        <Skeleton.Image active />
      ) : photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('photos.empty')} />
      ) : (
        <Flex gap={12} wrap>
          {photos.map((p, i) => (
            <Flex key={p.key} vertical gap={4} align="center" style={{ width: THUMB }} data-testid="measurement-photo">
              <button
                type="button"
                onClick={() => setViewing(i)}
                aria-label={t('photos.open')}
                style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 6, cursor: 'zoom-in', background: 'none' }}
              >
                <img
                  src={p.url}
                  alt={formatDate(p.date)}
                  loading="lazy"
                  width={THUMB}
                  height={THUMB}
                  style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                />
              </button>
              <Flex align="center" gap={2}>
                <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                  {formatDate(p.date)}
                </Typography.Text>
                {canDelete && (
                  <ConfirmIconButton
                    label={t('photos.delete')}
                    icon={<DeleteOutlined />}
                    danger
                    title={t('photos.deleteConfirm')}
                    okText={t('delete.ok')}
                    cancelText={t('cancel')}
                    onConfirm={() => remove.mutateAsync(p).catch(() => undefined)}
                    data-testid="photo-delete"
                  />
                )}
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      <ImageViewer
        images={photos.map((p) => ({ key: p.key, url: p.url, title: formatDate(p.date) }))}
        index={viewing}
        onIndexChange={setViewing}
      />
    </Card>
  );
}
