import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography, theme } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { applyCustomerLanguage } from '../../core/i18n';
import { FullPageSpin } from '../../ui/FullPageSpin';
import { customerQueryKey, fetchCustomer } from '../../core/customer/customerApi';
import { CustomerContext } from '../../core/customer/CustomerContext';

/**
 * Shows a loading screen until the customer served for this host is loaded (spec 000 §2); a load
 * started before the first render (customerApi.ts `prefetchCustomer`) is taken over by its query key.
 */
export function CustomerGate({ children }: { children: ReactNode }) {
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
  if (q.isError) return <CustomerLoadFailed host={host} retrying={q.isFetching} onRetry={() => void q.refetch()} />;
  return <FullPageSpin />;
}

/**
 * The customer of this host could not be loaded: the warning and a retry. Drawn as Ant Design's
 * Result with status "warning" looks, without Result itself, whose 404/500/403 illustrations would
 * weigh on the login page's download (issue 18 "Assets").
 */
function CustomerLoadFailed({ host, retrying, onRetry }: { host: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={token.marginMD} style={{ padding: '48px 32px', textAlign: 'center' }} role="alert">
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('customerLoadFailed')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('customerLoadFailedHint', { host })}</Typography.Text>
      <Button type="primary" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </Flex>
  );
}
