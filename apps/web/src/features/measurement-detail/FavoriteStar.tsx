import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MeasurementDetail } from '@overtone/contract';
import { MEASUREMENT_LISTS } from '../measurements/measurementsApi';
import { useDetailAccess } from './detailAccess';
import { measurementQueryKey, putFavorite } from './measurementApi';

const STAR_COLOR = '#fadb14';

/**
 * The favorite star of the header: a toggle (spec 002 §4), optimistic; a failure restores the star
 * and shows the server's message. Read-only mode shows a set star only, without a button.
 */
export function FavoriteStar({ m }: { m: MeasurementDetail }) {
  const { t } = useTranslation('measurementDetail');
  const { readOnly } = useDetailAccess();
  const queryClient = useQueryClient();
  const key = measurementQueryKey(m._id);
  const set = (favorite: boolean) =>
    queryClient.setQueryData<MeasurementDetail>(key, (old) => (old ? { ...old, favorite } : old));
  const mutation = useMutation({
    mutationFn: (favorite: boolean) => putFavorite(m._id, favorite),
    onMutate: (favorite) => set(favorite),
    onSuccess: (r) => {
      set(r.favorite);
      void queryClient.invalidateQueries(MEASUREMENT_LISTS);
    },
    onError: (_e, favorite) => set(!favorite),
  });

  if (readOnly)
    return m.favorite ? (
      <StarFilled style={{ color: STAR_COLOR, fontSize: 18 }} aria-label={t('favorite.on')} data-testid="favorite-static" />
    ) : null;

  const label = m.favorite ? t('favorite.remove') : t('favorite.add');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        shape="circle"
        aria-label={label}
        aria-pressed={m.favorite}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!m.favorite)}
        icon={m.favorite ? <StarFilled style={{ color: STAR_COLOR, fontSize: 18 }} /> : <StarOutlined style={{ fontSize: 18 }} />}
        data-testid="favorite-toggle"
      />
    </Tooltip>
  );
}
