import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageSpin } from '../ui/FullPageSpin';
import { PageSpin } from '../ui/PageSpin';
import { configureApiClient } from '../core/api/apiClient';
import { mainShellChunk, measurementDetailChunk, withAppTexts } from './routeChunks';
import { RequireAuth, loginPath } from './RequireAuth';
import { LoginPage } from '../features/login/LoginPage';

/*
 * Route-level code splitting (issue 18 "Assets"): the login page is in the entry chunk; the
 * forgot-password (new password) and MFA pages, reached from a link or after the login, are chunks
 * of their own (the password checklist, Ant Design's Result, Skeleton, Avatar); everything behind
 * the login (the shell with its menus and live notifications, the tree and dashboard, the
 * measurement page with uPlot, the administration) is loaded on demand, each showing a spinner at
 * once while its chunk arrives, together with the texts of those screens (the login page has only
 * its own, core/i18n.ts). A chunk that fails to load after a deployment reloads the page
 * (./chunks/chunkReload.ts, Vite's `vite:preloadError`).
 */

const ForgotPasswordPage = lazy(() =>
  withAppTexts(import('../features/login/ForgotPasswordPage')).then((m) => ({ default: m.ForgotPasswordPage })),
);
const VerifyMfaPage = lazy(() =>
  withAppTexts(import('../features/login/VerifyMfaPage')).then((m) => ({ default: m.VerifyMfaPage })),
);
const MainShell = mainShellChunk.Component;
const HomePage = lazy(() => withAppTexts(import('../features/home/HomePage')).then((m) => ({ default: m.HomePage })));
const AdminPage = lazy(() => withAppTexts(import('../features/admin/AdminPage')).then((m) => ({ default: m.AdminPage })));
const MeasurementDetailPage = measurementDetailChunk.Component;

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
  { path: '/forgotpassword', element: suspended(<ForgotPasswordPage />, <FullPageSpin />) },
  { path: '/verify-mfa/:id', element: suspended(<VerifyMfaPage />, <FullPageSpin />) },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The app's router over {@link routes}. */
export const router = createBrowserRouter(routes);

configureApiClient({ redirectToLogin: (returnUrl) => void router.navigate(loginPath(returnUrl), { replace: true }) });
