import { createContext, useContext } from 'react';
import type { CustomerInfo } from './customerApi';

export const CustomerContext = createContext<CustomerInfo | null>(null);

/** The tenant record; available everywhere below {@link CustomerGate}. */
export function useCustomer(): CustomerInfo {
  const c = useContext(CustomerContext);
  if (!c) throw new Error('useCustomer must be used below <CustomerGate>');
  return c;
}
