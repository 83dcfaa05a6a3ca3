import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Empty, Flex, Modal, Progress, Skeleton, Tag, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
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
  /**
   * While the caller still loads the items (e.g. the trend's two measurements): how many of `total`
   * are loaded. The dialog opens at once and shows this progress instead of the charts.
   */
  loading?: { done: number; total: number } | null;
  /** The caller's loading failure, shown instead of the charts. */
  loadError?: Error | null;
}

/**
 * The compare dialog (spec 002 "Compare view"): the basket's signals (at most
 * {@link COMPARE_BASKET_MAX}) overlaid in an FFT chart and a time chart, 220 px each, each signal in
 * its own colour (the first drawn widest, the others thinner and translucent over it), with a legend
 * whose entries show or hide their line. Opens at once: the caller's loading progress (`loading`),
 * then loading while a spectrum is computed; empty without items.
 */
export function CompareDialog({ open, onClose, items: given, loading, loadError }: Props) {
  const { t } = useTranslation('compare');
  const basket = useCompareBasket();
  const items = useMemo(() => (given ?? basket).slice(0, COMPARE_BASKET_MAX), [given, basket]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={960}
      title={loading ? t('compare') : t('dialog.title', { count: items.length })}
      destroyOnHidden
      data-testid="compare-dialog"
    >
      {open &&
        (loadError ? (
          <Alert
            type="error"
            showIcon
            title={t('dialog.loadFailed')}
            description={loadError.message}
            data-testid="compare-load-failed"
          />
        ) : loading ? (
          <LoadingItems {...loading} />
        ) : (
          <CompareBody items={items} />
        ))}
    </Modal>
  );
}

/** The progress of the caller's loading: "Loading the measurements: 1 / 2". */
function LoadingItems({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation('compare');
  return (
    <Flex vertical gap={8} data-testid="compare-progress" data-done={done} data-total={total}>
      <Typography.Text>{t('dialog.loadingMeasurements', { done, total })}</Typography.Text>
      <Progress percent={total ? Math.round((100 * done) / total) : 0} showInfo={false} />
      <Skeleton active paragraph={{ rows: 8 }} />
    </Flex>
  );
}

function CompareBody({ items }: { items: readonly CompareItem[] }) {
  const { t } = useTranslation('compare');
  const formatDate = useDateFormatter();
  const { pending, error, spectra: all } = useCompareSpectra(items);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const shown = useMemo(() => items.map((_, i) => !hidden.has(i)), [items, hidden]);
  const toggle = (i: number) =>
    setHidden((h) => {
      const next = new Set(h);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  const labels = useMemo(() => items.map((it) => itemLabel(t, it, formatDate)), [items, t, formatDate]);
  const spectra = useMemo(() => all.filter((d): d is CompareSpectrum => !!d), [all]);

  if (!items.length) return <Empty description={t('empty')} data-testid="compare-empty" />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={6} wrap align="center" data-testid="compare-legend">
        {labels.map((label, i) => (
          <Tag
            key={`${i}/${label}`}
            color={shown[i] ? compareColor(i) : undefined}
            icon={shown[i] ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            role="switch"
            aria-checked={shown[i]}
            tabIndex={0}
            title={t('legend.toggle')}
            onClick={() => toggle(i)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              toggle(i);
            }}
            style={{ cursor: 'pointer', ...(shown[i] ? {} : { textDecoration: 'line-through', borderColor: compareColor(i) }) }}
            data-testid="compare-legend-item"
            data-color={compareColor(i)}
            data-shown={shown[i]}
          >
            {label}
          </Tag>
        ))}
        <Typography.Text type="secondary">{t('legend.toggle')}</Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={t('dialog.failed')} description={error.message} />}
      {pending ? (
        <div data-testid="compare-loading">
          <Typography.Text>{t('dialog.computing')}</Typography.Text>
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      ) : (
        !error && (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
            <CompareCharts items={items} spectra={spectra} labels={labels} shown={shown} />
          </Suspense>
        )
      )}
    </Flex>
  );
}
