import { AppShell, Avatar, Box, Button, Group, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { IconActivityHeartbeat, IconLogout, IconUser, type TablerIcon } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { authProvider, type Identity } from "../../providers/auth-provider";
import { menuFor } from "../../resources/index";
import { canOpen, isRoleId, ROLE_NAMES } from "../../resources/permissions";
import classes from "./SideMenu.module.css";

/** An entry is active on its own path and below it (/trainees/123/edit keeps "Stagiaires" highlighted). */
export const isActivePath = (pathname: string, entryPath: string) => pathname === entryPath || pathname.startsWith(`${entryPath}/`);

/** "Prénom NOM" and the role's display name (from the API, else the matrix's own name). */
export function displayName(identity: Identity) {
  return `${identity.firstName} ${identity.lastName.toLocaleUpperCase("fr-FR")}`;
}

const roleLabel = (identity: Identity) => identity.role.name || (isRoleId(identity.role.id) ? ROLE_NAMES[identity.role.id] : "");

const initials = (identity: Identity) => `${identity.firstName.charAt(0)}${identity.lastName.charAt(0)}`.toLocaleUpperCase("fr-FR");

/**
 * Logging out reloads the app on /login: nothing of the previous session stays in memory (cached lists, profile),
 * and the guard cannot race the navigation to add a `?to=` callback.
 */
async function logout() {
  await authProvider.logout({});
  window.location.replace("/login");
}

/** The resources a role may list, then the screens it may open (issue 38: « Supervision », sup-admins and admins). */
const menuEntries = (role: string): { path: string; label: string; icon: TablerIcon }[] => [
  ...menuFor(role).map((entry) => ({ path: entry.listPath, label: entry.label, icon: entry.icon })),
  ...(canOpen(role, "supervision") ? [{ path: "/supervision", label: "Supervision", icon: IconActivityHeartbeat }] : []),
];

/** The side menu, inside the AppShell whose `navbar` setting shows it (always from `sm`, on a phone when opened). */
export function SideMenu({ identity, opened, onNavigate }: { identity: Identity; opened: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <AppShell.Navbar p="md" aria-label="Menu principal" className={classes.navbar} data-closed={opened ? undefined : true}>
      <AppShell.Section grow component={ScrollArea} mx="-xs" px="xs">
        <Stack gap={4}>
          {menuEntries(identity.role.id).map((entry) => {
            const EntryIcon = entry.icon;
            const active = isActivePath(pathname, entry.path);
            return (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={entry.label}
                leftSection={<EntryIcon size={20} stroke={1.7} />}
                active={active}
                aria-current={active ? "page" : undefined}
                variant="filled"
                onClick={onNavigate}
                className={classes.entry}
              />
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pt="md" className={classes.footer}>
        <Group gap="sm" wrap="nowrap" mb="md" data-testid="current-user">
          <Avatar radius="xl" color="amber" variant="filled">
            {initials(identity)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} c="white" lineClamp={1}>
              {displayName(identity)}
            </Text>
            <Text size="xs" className={classes.role} lineClamp={2}>
              {roleLabel(identity)}
            </Text>
          </Box>
        </Group>
        <Button
          component={Link}
          to="/profile"
          fullWidth
          variant="subtle"
          color="gray"
          mb="xs"
          leftSection={<IconUser size={18} />}
          onClick={onNavigate}
          className={classes.action}
        >
          Mon profil
        </Button>
        <Button
          fullWidth
          variant="outline"
          color="gray"
          leftSection={<IconLogout size={18} />}
          onClick={() => void logout()}
          className={`${classes.action} ${classes.logout}`}
        >
          Se déconnecter
        </Button>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
