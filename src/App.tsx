/** The page's frame: router, Mantine, the sign-in pages, and the rest of the app (Refine) loaded lazily behind them. */
import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { DeferredNotifications } from "./layout/DeferredNotifications";
import { FullScreenLoader } from "./pages/FullScreenLoader";
import { RootRedirect } from "./pages/RootRedirect";
import { cssVariablesResolver, theme } from "./theme";

const LoginPage = lazy(() => import("./pages/LoginPage"));
const ResetPasswordPage = lazy(() => import("./pages/ResetPasswordPage"));
const RefineApp = lazy(() => import("./RefineApp"));

export function App() {
  // Without transitions the router's location changes with the URL: a lazy page still loading shows its loader instead of
  // the previous screen under the new URL (a menu opened meanwhile closed when the page arrived; a tab could show one value
  // while the URL said another).
  return (
    <BrowserRouter useTransitions={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <DeferredNotifications />
        <Suspense fallback={<FullScreenLoader />}>
          <Routes>
            <Route index element={<RootRedirect />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="*" element={<RefineApp />} />
          </Routes>
        </Suspense>
      </MantineProvider>
    </BrowserRouter>
  );
}
