import { Avatar, Box, Button, Group, Navbar, NavLink, ScrollArea, Stack, Text } from "@mantine/core";
import { IconLogout, IconUser } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { authProvider, type Identity } from "../../providers/auth-provider";
import { menuFor } from "../../resources/index";
import { isRoleId, ROLE_NAMES } from "../../resources/permissions";

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

export function SideMenu({ identity, opened, onNavigate }: { identity: Identity; opened: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <Navbar
      hiddenBreakpoint="sm"
      hidden={!opened}
      width={{ sm: 264 }}
      p="md"
      aria-label="Menu principal"
      sx={(theme) => ({ backgroundColor: theme.colors.navy[8], borderRight: "none" })}
    >
      <Navbar.Section grow component={ScrollArea} mx="-xs" px="xs">
        <Stack spacing={4}>
          {menuFor(identity.role.id).map((entry) => {
            const EntryIcon = entry.icon;
            const active = isActivePath(pathname, entry.listPath);
            return (
              <NavLink
                key={entry.listPath}
                component={Link}
                to={entry.listPath}
                label={entry.label}
                icon={<EntryIcon size={20} stroke={1.7} />}
                active={active}
                aria-current={active ? "page" : undefined}
                variant="filled"
                onClick={onNavigate}
                sx={(theme) => ({
                  borderRadius: theme.radius.md,
                  color: theme.colors.navy[0],
                  fontWeight: 500,
                  "&:hover": { backgroundColor: theme.colors.navy[7] },
                  "&[data-active]": { color: theme.colors.navy[9], fontWeight: 700 },
                  "&[data-active], &[data-active]:hover": { backgroundColor: theme.colors.amber[5] },
                })}
              />
            );
          })}
        </Stack>
      </Navbar.Section>
      <Navbar.Section pt="md" sx={(theme) => ({ borderTop: `1px solid ${theme.colors.navy[6]}` })}>
        <Group spacing="sm" noWrap mb="md" data-testid="current-user">
          <Avatar radius="xl" color="amber" variant="filled">
            {initials(identity)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" weight={700} color="white" lineClamp={1}>
              {displayName(identity)}
            </Text>
            <Text size="xs" sx={(theme) => ({ color: theme.colors.navy[2] })} lineClamp={2}>
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
          leftIcon={<IconUser size={18} />}
          onClick={onNavigate}
          sx={(theme) => ({ color: theme.white, "&:hover": { backgroundColor: theme.colors.navy[7] } })}
        >
          Mon profil
        </Button>
        <Button
          fullWidth
          variant="outline"
          color="gray"
          leftIcon={<IconLogout size={18} />}
          onClick={() => void logout()}
          sx={(theme) => ({ color: theme.white, borderColor: theme.colors.navy[5], "&:hover": { backgroundColor: theme.colors.navy[7] } })}
        >
          Se déconnecter
        </Button>
      </Navbar.Section>
    </Navbar>
  );
}
