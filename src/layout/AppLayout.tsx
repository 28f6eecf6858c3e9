/**
 * The authenticated layout (loaded lazily, so /login never downloads it): loads the profile, then the side menu,
 * the header with the test-mode banner, and the page, guarded by the access-control provider.
 */
import { AppShell, Burger, Group, Text } from "@mantine/core";
import { CanAccess, useGetIdentity, type HttpError } from "@refinedev/core";
import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import type { Identity } from "../../providers/auth-provider";
import { RestrictedPage, UnknownErrorPage } from "../pages/ErrorPages";
import { FullScreenLoader } from "../pages/FullScreenLoader";
import { PageLoader } from "../pages/PageLoader";
import classes from "./AppLayout.module.css";
import { APP_NAME, LogoMark } from "./Logo";
import { SideMenu } from "./SideMenu";
import { TestModeBanner } from "./TestModeBanner";
import { useSessionRefusals } from "./use-session-refusals";

export default function AppLayout() {
  const identity = useGetIdentity<Identity>();
  const [menuOpened, setMenuOpened] = useState(false);
  const { pathname } = useLocation();
  const error = identity.error as HttpError | null;

  // A 401 from any call (the profile's included) ends the session.
  useSessionRefusals();
  useEffect(() => setMenuOpened(false), [pathname]);

  if (identity.isPending || error?.statusCode === 401) return <FullScreenLoader />;
  if (identity.isError || !identity.data) return <UnknownErrorPage fullScreen />;

  return (
    <AppShell
      padding="lg"
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: "sm", collapsed: { mobile: !menuOpened } }}
      classNames={{ main: classes.main }}
    >
      <AppShell.Header px="md" className={classes.header}>
        <Group justify="space-between" wrap="nowrap" h="100%">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              hiddenFrom="sm"
              opened={menuOpened}
              onClick={() => setMenuOpened((opened) => !opened)}
              color="white"
              size="sm"
              aria-label={menuOpened ? "Fermer le menu" : "Ouvrir le menu"}
              title={menuOpened ? "Fermer le menu" : "Ouvrir le menu"}
            />
            <LogoMark size={34} />
            {/* On a phone the logo stands for the name, which leaves the test-mode badge its whole width. */}
            <Text visibleFrom="xs" fw={800} size="lg" c="white" truncate>
              {APP_NAME}
            </Text>
          </Group>
          <TestModeBanner />
        </Group>
      </AppShell.Header>
      <SideMenu identity={identity.data} onNavigate={() => setMenuOpened(false)} />
      <AppShell.Main>
        <CanAccess fallback={<RestrictedPage />}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </CanAccess>
      </AppShell.Main>
    </AppShell>
  );
}
