import { Center, Loader, Stack, Text } from "@mantine/core";

/** Shown while the session or a page's code loads. */
export function FullScreenLoader() {
  return (
    <Center style={{ minHeight: "100vh" }}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text c="dimmed" size="sm">
          Chargement…
        </Text>
      </Stack>
    </Center>
  );
}
