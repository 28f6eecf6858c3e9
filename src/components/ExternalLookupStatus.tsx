/**
 * What an external lookup shows while it runs or after it failed: the loading line, the not-found alert, the error alert
 * with 'Réessayer'. Nothing when idle or found: the screen shows its own result.
 *
 *   <ExternalLookupStatus lookup={person} loadingText="Recherche en cours…" notFoundTone="error" />
 */
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { COLORS } from "../theme";
import { LOOKUP_TEXTS, type ExternalLookup } from "./use-external-lookup";

export interface ExternalLookupStatusProps {
  lookup: Pick<ExternalLookup<unknown, unknown>, "status" | "error" | "retry">;
  /** The loading line, as the screen words it. */
  loadingText: string;
  /** A not-found answer that means the input is wrong ("error", red) or only that nothing exists yet ("warning", the default). */
  notFoundTone?: "error" | "warning";
}

export function ExternalLookupStatus({ lookup, loadingText, notFoundTone = "warning" }: ExternalLookupStatusProps) {
  switch (lookup.status) {
    case "loading":
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{loadingText}</Text>
        </Group>
      );
    case "notFound":
      return notFoundTone === "error" ? (
        <Alert color={COLORS.danger} icon={<IconAlertCircle size={18} />} role="alert">
          {lookup.error}
        </Alert>
      ) : (
        <Alert color={COLORS.warning} icon={<IconAlertTriangle size={18} />} role="alert">
          {lookup.error}
        </Alert>
      );
    case "error":
      return (
        <Alert color={COLORS.danger} icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{lookup.error}</Text>
            <Button size="xs" variant="outline" color={COLORS.danger} leftSection={<IconRefresh size={14} />} onClick={lookup.retry}>
              {LOOKUP_TEXTS.retry}
            </Button>
          </Stack>
        </Alert>
      );
    default:
      return null;
  }
}
