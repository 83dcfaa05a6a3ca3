import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '../ui/FullPageSpin';
import { PageSpin } from '../ui/PageSpin';
import { configureApiClient } from './api/apiClient';
import { RequireAuth, loginPath } from './RequireAuth';
import { LoginPage } from '../features/login/LoginPage';
import { ForgotPasswordPage } from '../features/login/ForgotPasswordPage';
import { VerifyMfaPage } from '../features/login/VerifyMfaPage';

/*
 * Route-level code splitting (issue 18 "Assets"): the login, forgot-password and MFA pages are in the
 * entry chunk; everything behind the login (the shell with its menus and live notifications, the tree
 * and dashboard, the measurement page with uPlot, the administration) is loaded on demand, each
 * showing a spinner at once while its chunk arrives. A chunk that fails to load after a deployment
 * reloads the page (./chunks/chunkReload.ts, Vite's `vite:preloadError`).
 */
const MainShell = lazy(() => import('./shell/MainShell').then((m) => ({ default: m.MainShell })));
const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })));
const AdminPage = lazy(() => import('../features/admin/AdminPage').then((m) => ({ default: m.AdminPage })));
/** The measurement page brings uPlot and the chart code. */
const MeasurementDetailPage = lazy(() => import('../features/measurement-detail/MeasurementDetailPage'));

const suspended = (node: ReactNode, fallback: ReactNode = <PageSpin />) => <Suspense fallback={fallback}>{node}</Suspense>;

/** Client routes (spec 000 §2); exported for tests (a memory router over the same routes). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RequireAuth>{suspended(<MainShell />, <FullPageSpin />)}</RequireAuth>,
    children: [
      { index: true, element: suspended(<HomePage />) },
      { path: 'measurement/:id', element: suspended(<MeasurementDetailPage />) },
      { path: 'admin', element: suspended(<AdminPage />) },
    ],
  },
  { path: '/login', element: <LoginPage /> },
  { path: '/forgotpassword', element: <ForgotPasswordPage /> },
  { path: '/verify-mfa/:id', element: <VerifyMfaPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The app's router over {@link routes}. */
export const router = createBrowserRouter(routes);

configureApiClient({ redirectToLogin: (returnUrl) => void router.navigate(loginPath(returnUrl), { replace: true }) });
