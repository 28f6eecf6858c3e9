import { ScrollArea } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A wide table scrolls within its card on a narrow screen rather than widening the page (design.md "UI conventions"), by
 * keyboard too: the viewport is focusable and named (`label`, e.g. « Historique des échanges, défilable »).
 */
export function HorizontalScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: "group", "aria-label": label }}>
      {children}
    </ScrollArea>
  );
}
