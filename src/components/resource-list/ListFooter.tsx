import { Group, Pagination, Select, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { formatInteger, formatListTotal } from "../../../resources/common/list-count";
import { PAGE_SIZES, type ListPaging } from "../../lib/session-storage";
import { LIST_TEXTS } from "./texts";

/** A capped total (`totalCountCapped`): "1 - 50 sur plus de 10 000", or "sur plus de 1 000" past a thousand search matches. */
export const listCounter = ({ offset }: ListPaging, shown: number, total: number, capped: boolean) =>
  total === 0 ? "0 sur 0" : `${formatInteger(offset + 1)} - ${formatInteger(offset + shown)} sur ${formatListTotal(total, capped)}`;

/** Every arrow button names itself (axe's button-name); the "…" between page numbers is not a button. */
const CONTROL_LABELS = { previous: "Page précédente", next: "Page suivante", first: "Première page", last: "Dernière page" } as const;

export interface ListFooterProps {
  paging: ListPaging;
  onPagingChange: (update: (p: ListPaging) => ListPaging) => void;
  total: number;
  /** The counter of the answer shown; null while a new one is awaited. */
  counter: string | null;
}

/** Rows per page (10/20/50/100, back to the first row), the counter "first - last sur total" and the pages. */
export function ListFooter({ paging, onPagingChange, total, counter }: ListFooterProps) {
  // The counter speaks of an answer: until the next one (first load, or the previous page's rows kept meanwhile),
  // the last answer's counter stays rather than "0 sur 0" or "11 - 20" over the first page's rows.
  const [lastCounter, setLastCounter] = useState("");
  useEffect(() => {
    if (counter !== null) setLastCounter(counter);
  }, [counter]);

  return (
    <Group justify="space-between" gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {LIST_TEXTS.rowsPerPage}
        </Text>
        <Select
          aria-label={LIST_TEXTS.rowsPerPage}
          size="xs"
          style={{ width: 84 }}
          data={PAGE_SIZES.map(String)}
          value={String(paging.limit)}
          onChange={(value) => onPagingChange(() => ({ offset: 0, limit: Number(value) }))}
        />
      </Group>
      <Group gap="md">
        <Text size="sm" data-testid="list-counter">
          {counter ?? lastCounter}
        </Text>
        <Pagination
          size="sm"
          value={Math.floor(paging.offset / paging.limit) + 1}
          total={Math.max(1, Math.ceil(total / paging.limit))}
          onChange={(next) => onPagingChange((p) => ({ ...p, offset: (next - 1) * p.limit }))}
          getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
        />
      </Group>
    </Group>
  );
}
