import { appQueryClient } from './appQueryClient';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { CustomerGate } from './customer/CustomerGate';
import { router } from './router';

export function App() {
  return (
    <AppProviders queryClient={appQueryClient}>
      <CustomerGate>
        <RouterProvider router={router} />
      </CustomerGate>
    </AppProviders>
  );
}
