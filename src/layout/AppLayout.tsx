/**
 * The authenticated layout (loaded lazily, so /login never downloads it): loads the profile, then the side menu,
 * the header with the test-mode banner, and the page, guarded by the access-control provider.
 */
import { AppShell, Burger, Group, Header, MediaQuery, Text } from "@mantine/core";
import { CanAccess, useGetIdentity, type HttpError } from "@refinedev/core";
import { Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import type { Identity } from "../../providers/auth-provider";
import { RestrictedPage, UnknownErrorPage } from "../pages/ErrorPages";
import { FullScreenLoader } from "../pages/FullScreenLoader";
import { PageLoader } from "../pages/PageLoader";
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
      navbarOffsetBreakpoint="sm"
      styles={(theme) => ({ main: { backgroundColor: theme.colors.gray[0], minWidth: 0 } })}
      header={
        <Header height={60} px="md" sx={(theme) => ({ backgroundColor: theme.colors.navy[9], borderBottom: "none" })}>
          <Group position="apart" noWrap style={{ height: "100%" }}>
            <Group spacing="sm" noWrap style={{ minWidth: 0 }}>
              <MediaQuery largerThan="sm" styles={{ display: "none" }}>
                <Burger
                  opened={menuOpened}
                  onClick={() => setMenuOpened((opened) => !opened)}
                  color="white"
                  size="sm"
                  aria-label={menuOpened ? "Fermer le menu" : "Ouvrir le menu"}
                  title={menuOpened ? "Fermer le menu" : "Ouvrir le menu"}
                />
              </MediaQuery>
              <LogoMark size={34} />
              {/* On a phone the logo stands for the name, which leaves the test-mode badge its whole width. */}
              <MediaQuery smallerThan="xs" styles={{ display: "none" }}>
                <Text weight={800} size="lg" color="white" truncate>
                  {APP_NAME}
                </Text>
              </MediaQuery>
            </Group>
            <TestModeBanner />
          </Group>
        </Header>
      }
      navbar={<SideMenu identity={identity.data} opened={menuOpened} onNavigate={() => setMenuOpened(false)} />}
    >
      <CanAccess fallback={<RestrictedPage />}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </CanAccess>
    </AppShell>
  );
}
