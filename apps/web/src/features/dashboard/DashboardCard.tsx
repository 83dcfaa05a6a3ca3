import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  title: ReactNode;
  /** `data-testid` of the card (the end-to-end tests find the cards by it) */
  testId: string;
  /** the first answer has not arrived yet: a skeleton */
  loading: boolean;
  /**
   * nothing to show: a failed call (spec 001 §8: logged only, no toast) or an answer without data;
   * the card shows its empty state
   */
  empty: boolean;
  extra?: ReactNode;
  /** text of the empty state; default "No data" */
  emptyText?: string;
  /** skeleton and empty state height, CSS px */
  minHeight?: number;
  children?: ReactNode;
}

/** A dashboard card: title, a skeleton while loading, an empty state without data, otherwise its content. */
export function DashboardCard({ title, testId, loading, empty, extra, emptyText, minHeight = 220, children }: Props) {
  const { t } = useTranslation('dashboard');
  const state = loading ? 'loading' : empty ? 'empty' : 'ready';
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId} data-state={state} style={{ height: '100%' }}>
      {state === 'loading' ? (
        <div style={{ minHeight }} data-testid={`${testId}-loading`}>
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      ) : state === 'empty' ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={emptyText ?? t('empty')}
          style={{ minHeight: minHeight - 40, paddingTop: 24 }}
          data-testid={`${testId}-empty`}
        />
      ) : (
        children
      )}
    </Card>
  );
}
