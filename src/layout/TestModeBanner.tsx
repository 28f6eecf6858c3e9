import { Badge } from "@mantine/core";
import { IconFlask } from "@tabler/icons-react";
import { COLORS } from "../theme";

/** Injected at build time by vite.config.ts from PRODUCTION_HOST; empty means "no production host known". */
declare const __PRODUCTION_HOST__: string;

export const isTestMode = (hostname: string = window.location.hostname) => hostname !== __PRODUCTION_HOST__;

/** "Mode test" whenever the page is not served from the production host (spec part 1 §1). */
export function TestModeBanner() {
  if (!isTestMode()) return null;
  return (
    <Badge
      role="note"
      aria-label="Mode test"
      color={COLORS.warning}
      variant="filled"
      size="lg"
      radius="sm"
      leftSection={<IconFlask size={14} stroke={2} />}
      // Never squeezed by the header's other items: its text stays whole on a 375 px screen.
      style={{ flexShrink: 0 }}
    >
      Mode test
    </Badge>
  );
}
