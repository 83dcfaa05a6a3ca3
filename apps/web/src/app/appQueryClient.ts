import { prefetchCustomer } from '../core/customer/customerApi';
import { createQueryClient } from '../core/queryClient';
import { prefetchRoute } from './routePrefetch';

/**
 * The app's query cache (App.tsx), created while the entry's modules load so that the customer's
 * load starts then, before the first render and in parallel with the language's texts (issue 18: the
 * login page usable at once), and with it what the page at the address needs (routePrefetch.ts: a
 * measurement's spectrum at once). App.tsx imports this module first. The web tests give each test a
 * client of its own and load nothing here.
 */
export const appQueryClient = createQueryClient();

if (import.meta.env.MODE !== 'test') {
  void prefetchCustomer(appQueryClient).catch(() => undefined);
  void prefetchRoute(appQueryClient);
}
