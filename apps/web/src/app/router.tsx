import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageSpin } from '../ui/PageSpin';
import { configureApiClient } from './api/apiClient';
import { RequireAuth, loginPath } from './RequireAuth';
import { MainShell } from './shell/MainShell';
import { LoginPage } from '../features/login/LoginPage';
import { ForgotPasswordPage } from '../features/login/ForgotPasswordPage';
import { VerifyMfaPage } from '../features/login/VerifyMfaPage';
import { HomePage } from '../features/home/HomePage';
import { AdminPage } from '../features/admin/AdminPage';

/** The measurement page brings uPlot and the chart code: loaded on demand. */
const MeasurementDetailPage = lazy(() => import('../features/measurement-detail/MeasurementDetailPage'));

const suspended = (node: ReactNode, fallback: ReactNode = <PageSpin />) => <Suspense fallback={fallback}>{node}</Suspense>;

/** Client routes (spec 000 §2). */
export const router = createBrowserRouter([
  {
    path: '/',
    element: (
      <RequireAuth>
        <MainShell />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'measurement/:id', element: suspended(<MeasurementDetailPage />) },
      { path: 'admin', element: <AdminPage /> },
    ],
  },
  { path: '/login', element: <LoginPage /> },
  { path: '/forgotpassword', element: <ForgotPasswordPage /> },
  { path: '/verify-mfa/:id', element: <VerifyMfaPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
]);

configureApiClient({ redirectToLogin: (returnUrl) => void router.navigate(loginPath(returnUrl), { replace: true }) });
