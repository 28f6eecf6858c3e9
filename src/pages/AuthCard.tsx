import { Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { APP_NAME, LogoMark, TAGLINE } from "../layout/Logo";
import { TestModeBanner } from "../layout/TestModeBanner";
import classes from "./AuthCard.module.css";

/** The authentication pages' frame: a centred white card (max 24rem) with the logo and the tagline. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center className={classes.backdrop}>
      <Stack align="center" gap="md" style={{ width: "100%", maxWidth: "24rem" }}>
        {/* A landmark of its own: every piece of the page sits in one (banner, main). */}
        <Box component="header">
          <TestModeBanner />
        </Box>
        <Paper component="main" radius="lg" p="xl" shadow="xl" withBorder style={{ width: "100%", maxWidth: "24rem", background: "#fff" }}>
          <Stack gap="lg">
            <Stack align="center" gap={6}>
              <Group gap="sm" wrap="nowrap">
                <LogoMark size={44} />
                <Text fw={800} fz={20} c="navy.8">
                  {APP_NAME}
                </Text>
              </Group>
              <Text size="sm" c="dimmed" ta="center" fs="italic">
                {TAGLINE}
              </Text>
            </Stack>
            <Box>
              <Title order={1} size="h3" ta="center" mb="md">
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
