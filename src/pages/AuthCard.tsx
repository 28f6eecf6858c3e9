import { Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { APP_NAME, LogoMark, TAGLINE } from "../layout/Logo";
import { TestModeBanner } from "../layout/TestModeBanner";

/** The authentication pages' frame: a centred white card (max 24rem) with the logo and the tagline. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center
      sx={(theme) => ({
        minHeight: "100vh",
        padding: theme.spacing.md,
        background: `linear-gradient(160deg, ${theme.colors.navy[8]} 0%, ${theme.colors.navy[6]} 55%, ${theme.colors.amber[7]} 140%)`,
      })}
    >
      <Stack align="center" spacing="md" style={{ width: "100%", maxWidth: "24rem" }}>
        {/* A landmark of its own: every piece of the page sits in one (banner, main). */}
        <Box component="header">
          <TestModeBanner />
        </Box>
        <Paper component="main" radius="lg" p="xl" shadow="xl" withBorder style={{ width: "100%", maxWidth: "24rem", background: "#fff" }}>
          <Stack spacing="lg">
            <Stack align="center" spacing={6}>
              <Group spacing="sm" noWrap>
                <LogoMark size={44} />
                <Text weight={800} size={20} color="navy.8">
                  {APP_NAME}
                </Text>
              </Group>
              <Text size="sm" color="dimmed" align="center" italic>
                {TAGLINE}
              </Text>
            </Stack>
            <Box>
              <Title order={1} size="h3" align="center" mb="md">
                {title}
              </Title>
              {children}
            </Box>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
