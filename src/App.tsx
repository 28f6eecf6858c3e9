/** Refine wiring only: providers, resources and routes. Pages and the authenticated layout load lazily. */
import { MantineProvider } from "@mantine/core";
import { NotificationsProvider } from "@mantine/notifications";
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { Fragment, lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { accessControlProvider } from "../providers/access-control-provider";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { i18nProvider } from "../providers/i18n-provider";
import { createNotificationProvider } from "../providers/notification-provider";
import { RESOURCES } from "../resources/index";
import { APP_NAME } from "./layout/Logo";
import { NotFoundPage } from "./pages/ErrorPages";
import { FullScreenLoader } from "./pages/FullScreenLoader";
import { RootRedirect } from "./pages/RootRedirect";
import { theme } from "./theme";

const AppLayout = lazy(() => import("./layout/AppLayout"));
const LoginPage = lazy(() => import("./pages/LoginPage"));
const ResetPasswordPage = lazy(() => import("./pages/ResetPasswordPage"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));

const notificationProvider = createNotificationProvider();

const documentTitle = ({ resource }: { resource?: { meta?: { label?: string } } }) =>
  resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME;

export function App() {
  // Without transitions the router's location changes with the URL: a lazy page still loading shows its loader instead of
  // the previous screen under the new URL (a menu opened meanwhile closed when the page arrived; a tab could show one value
  // while the URL said another).
  return (
    <BrowserRouter useTransitions={false}>
      <MantineProvider theme={theme} withGlobalStyles withNormalizeCSS>
        <NotificationsProvider position="top-right" zIndex={2000}>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={notificationProvider}
            resources={RESOURCES.map((module) => module.resource)}
            options={{
              disableTelemetry: true,
              mutationMode: "pessimistic",
              warnWhenUnsavedChanges: false,
              reactQuery: {
                clientConfig: {
                  defaultOptions: {
                    // Spec part 1 §7: no retries; a back-office does not refetch behind the user's back either.
                    queries: { retry: false, refetchOnWindowFocus: false },
                    mutations: { retry: false },
                  },
                },
              },
            }}
          >
            <Suspense fallback={<FullScreenLoader />}>
              <Routes>
                <Route index element={<RootRedirect />} />
                <Route path="/login" element={<LoginPage />} />
                <Route path="/reset-password" element={<ResetPasswordPage />} />
                <Route
                  element={
                    <Authenticated key="authenticated-layout" loading={<FullScreenLoader />}>
                      <AppLayout />
                    </Authenticated>
                  }
                >
                  {RESOURCES.map((module) => (
                    <Fragment key={module.resource.name}>{module.routes}</Fragment>
                  ))}
                  <Route path="/profile" element={<ProfilePage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </Suspense>
            <DocumentTitleHandler handler={documentTitle} />
          </Refine>
        </NotificationsProvider>
      </MantineProvider>
    </BrowserRouter>
  );
}
