import { Group, Table, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ListSort } from "./list-url-state";
import classes from "./SortableHeader.module.css";

export interface SortableHeaderProps {
  field: string;
  sort: ListSort | null;
  onSort: (field: string) => void;
  width?: number | string;
  children: ReactNode;
}

/**
 * A column header the list may be sorted by: a button inside the th (Enter or Space as a click), `aria-sort` on the th of the
 * one column sorted. A click sorts ascending, the second descending, the third goes back to the list's default order (most
 * recently updated first). The arrows are drawing only: the order is told by aria-sort, the button named by the header.
 */
export function SortableHeader({ field, sort, onSort, width, children }: SortableHeaderProps) {
  const order = sort?.field === field ? sort.order : null;
  const Icon = order === "asc" ? IconArrowUp : order === "desc" ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th style={{ width }} aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}>
      <UnstyledButton
        onClick={() => onSort(field)}
        data-sort-field={field}
        className={classes.button}
      >
        <Group gap={4} wrap="nowrap">
          <span>{children}</span>
          <Icon size={14} aria-hidden="true" style={{ flexShrink: 0, opacity: order ? 1 : 0.45 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
