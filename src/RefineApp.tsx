/**
 * Refine's wiring: providers, resources and the authenticated routes. Loaded lazily by App.tsx once a page past the sign-in
 * pages is asked for, so that /login downloads neither Refine nor React Query (issue 37). Pages and the layout load lazily too.
 */
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler } from "@refinedev/react-router";
import { Fragment, lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { accessControlProvider } from "../providers/access-control-provider";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { i18nProvider } from "../providers/i18n-provider";
import { createNotificationProvider } from "../providers/notification-provider";
import { RESOURCES } from "../resources/index";
import { APP_NAME } from "./layout/Logo";
import { NotFoundPage } from "./pages/ErrorPages";
import { FullScreenLoader } from "./pages/FullScreenLoader";

const AppLayout = lazy(() => import("./layout/AppLayout"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));
const SupervisionPage = lazy(() => import("./pages/supervision/SupervisionPage"));

const notificationProvider = createNotificationProvider();

const documentTitle = ({ resource }: { resource?: { meta?: { label?: string } } }) =>
  resource?.meta?.label ? `${resource.meta.label} | ${APP_NAME}` : APP_NAME;

export default function RefineApp() {
  return (
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
            <Route path="/supervision" element={<SupervisionPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
      <DocumentTitleHandler handler={documentTitle} />
    </Refine>
  );
}
