import type { ReactNode } from 'react';
import { Alert, Empty, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  empty: boolean;
  children: () => ReactNode;
  /** Shown instead of the chart when the settings do not allow a request (e.g. no reference frequency). */
  blocked?: ReactNode;
}

/** Loading, failure and empty states of an analysis chart; the chart stays, with a spinner, while a new setting is computed. */
export function DomainBody({ isPending, isFetching, error, empty, children, blocked }: Props) {
  const { t } = useTranslation('analysisDomains');
  if (blocked) return <>{blocked}</>;
  if (error) return <Alert type="error" showIcon title={t('failed')} description={error.message} />;
  if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (empty) return <Empty description={t('noData')} />;
  return <Spin spinning={isFetching}>{children()}</Spin>;
}
