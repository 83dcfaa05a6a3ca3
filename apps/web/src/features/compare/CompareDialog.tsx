import { lazy, Suspense, useMemo } from 'react';
import { Alert, Empty, Flex, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPARE_BASKET_MAX, useCompareBasket, type CompareItem } from '../../charts/compareBasket';
import { useDateFormatter } from '../../ui/formatDate';
import { useCompareSpectra, type CompareSpectrum } from './compareApi';
import { itemLabel } from './compareLabels';
import { compareColor } from './compareSeries';

const CompareCharts = lazy(() => import('./CompareCharts'));

interface Props {
  open: boolean;
  onClose(): void;
  /** The items to compare; the basket's by default. */
  items?: readonly CompareItem[];
}

/**
 * The compare dialog (spec 002 "Compare view"): the basket's signals (at most
 * {@link COMPARE_BASKET_MAX}) overlaid in an FFT chart and a time chart, 220 px each, each signal in
 * its own colour, with a legend. Loading while a spectrum is computed, empty without items.
 */
export function CompareDialog({ open, onClose, items: given }: Props) {
  const { t } = useTranslation('compare');
  const basket = useCompareBasket();
  const items = useMemo(() => (given ?? basket).slice(0, COMPARE_BASKET_MAX), [given, basket]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={960}
      title={t('dialog.title', { count: items.length })}
      destroyOnHidden
      data-testid="compare-dialog"
    >
      {open && <CompareBody items={items} />}
    </Modal>
  );
}

function CompareBody({ items }: { items: readonly CompareItem[] }) {
  const { t } = useTranslation('compare');
  const formatDate = useDateFormatter();
  const { pending, error, spectra: all } = useCompareSpectra(items);
  const labels = useMemo(() => items.map((it) => itemLabel(t, it, formatDate)), [items, t, formatDate]);
  const spectra = useMemo(() => all.filter((d): d is CompareSpectrum => !!d), [all]);

  if (!items.length) return <Empty description={t('empty')} data-testid="compare-empty" />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={6} wrap data-testid="compare-legend">
        {labels.map((label, i) => (
          <Tag key={`${i}/${label}`} color={compareColor(i)} data-testid="compare-legend-item" data-color={compareColor(i)}>
            {label}
          </Tag>
        ))}
      </Flex>
      {error && <Alert type="error" showIcon title={t('dialog.failed')} description={error.message} />}
      {pending ? (
        <div data-testid="compare-loading">
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      ) : (
        !error && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
            <CompareCharts items={items} spectra={spectra} labels={labels} />
          </Suspense>
        )
      )}
    </Flex>
  );
}
