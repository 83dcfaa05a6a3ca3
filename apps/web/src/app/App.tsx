import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { CustomerGate } from './customer/CustomerGate';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <CustomerGate>
        <RouterProvider router={router} />
      </CustomerGate>
    </AppProviders>
  );
}
