import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyCustomerLanguage } from '../i18n';
import { FullPageSpin } from '../../ui/FullPageSpin';
import { customerQueryKey, fetchCustomer } from './customerApi';
import { CustomerContext } from './CustomerContext';

/** Shows a loading screen until the customer served for this host is loaded (spec 000 §2). */
export function CustomerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const host = window.location.hostname;
  const q = useQuery({
    queryKey: customerQueryKey(host),
    queryFn: ({ signal }) => fetchCustomer(host, signal),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (q.data) applyCustomerLanguage(q.data.preferedLanguage);
  }, [q.data]);

  if (q.data) return <CustomerContext.Provider value={q.data}>{children}</CustomerContext.Provider>;
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('customerLoadFailed')}
        subTitle={t('customerLoadFailedHint', { host })}
        extra={
          <Button type="primary" onClick={() => void q.refetch()} loading={q.isFetching}>
            {t('retry')}
          </Button>
        }
      />
    );
  return <FullPageSpin />;
}
