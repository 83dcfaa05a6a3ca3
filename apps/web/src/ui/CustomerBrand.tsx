import { Flex, Typography } from 'antd';
import { useCustomer } from '../core/customer/CustomerContext';

/** The customer's logo (height 40, spec 002 §9) and name. */
export function CustomerBrand({ size = 'default' }: { size?: 'default' | 'large' }) {
  const customer = useCustomer();
  const large = size === 'large';
  return (
    <Flex align="center" gap={12} data-testid="customer-brand">
      {customer.logo && (
        <img src={customer.logo} alt="" style={{ height: large ? 56 : 40, maxWidth: 180, objectFit: 'contain' }} />
      )}
      <Typography.Title level={large ? 3 : 5} style={{ margin: 0, whiteSpace: 'nowrap' }}>
        {customer.name}
      </Typography.Title>
    </Flex>
  );
}
