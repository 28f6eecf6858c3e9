import { Center, Loader, Stack, Text } from "@mantine/core";

/** Shown while the session or a page's code loads. */
export function FullScreenLoader() {
  return (
    <Center style={{ minHeight: "100vh" }}>
      <Stack align="center" spacing="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text color="dimmed" size="sm">
          Chargement…
        </Text>
      </Stack>
    </Center>
  );
}
