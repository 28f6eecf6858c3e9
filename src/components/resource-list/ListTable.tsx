import { Box, Center, Loader, ScrollArea, Table, Text } from "@mantine/core";
import type { KeyboardEvent, ReactNode } from "react";
import { SCREEN_READER_ONLY } from "../screen-reader-only";
import type { ListSort } from "./list-url-state";
import classes from "./ListTable.module.css";
import { SortableHeader } from "./SortableHeader";
import { LIST_TEXTS } from "./texts";

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** The API's sort field (`sort=updatedDate`) when the list may be sorted by this column: its header is then a button. */
  sortField?: string;
}

export interface ListTableProps<T extends { id: string }> {
  /** Names the table (the list's title). */
  label: string;
  columns: ListColumn<T>[];
  rows: T[];
  pending: boolean;
  fetching: boolean;
  emptyText: string;
  rowLabel: (row: T) => string;
  onOpen: (row: T) => void;
  /** The last cell of a row: its actions menu. */
  rowMenu: (row: T) => ReactNode;
  sort: ListSort | null;
  onSort: (field: string) => void;
}

/** One line across the table: the spinner of the first load or the empty text. */
function FullWidthRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>{children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * The list's table: a row opens the record on click, Enter or Space; its menu sits in the last column, which stays at the
 * right edge when the table is wider than the screen (design.md "UI conventions": every list fits 1280 px with its actions
 * visible), the other columns scrolling under it (the scrollbar always shown when there is something to scroll).
 */
export function ListTable<T extends { id: string }>(props: ListTableProps<T>) {
  const { label, columns, rows, pending, fetching, emptyText, rowLabel, onOpen, rowMenu, sort, onSort } = props;
  const span = columns.length + 1;
  // Keyboard users reach the row and open it as a click does (the row menu's own keys stay its own).
  const openOnKey = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    onOpen(row);
  };
  return (
    <ScrollArea type="auto">
      <Box pos="relative" style={{ minWidth: 640 }}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={8}
          fz="sm"
          aria-label={label}
          aria-busy={fetching}
          className={classes.table}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column.sortField ? (
                  <SortableHeader key={column.key} field={column.sortField} sort={sort} onSort={onSort} width={column.width}>
                    {column.header}
                  </SortableHeader>
                ) : (
                  <Table.Th key={column.key} style={{ width: column.width }}>
                    {column.header}
                  </Table.Th>
                ),
              )}
              {/* Its name for screen readers only: the ⋮ buttons need no visible heading, and the column stays narrow. */}
              <Table.Th style={{ width: 44, textAlign: "right" }}>
                <span style={SCREEN_READER_ONLY}>{LIST_TEXTS.actions}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pending ? (
              <FullWidthRow span={span}>
                <Center py="xl" role="status" aria-label={LIST_TEXTS.loading}>
                  <Loader size="sm" />
                </Center>
              </FullWidthRow>
            ) : rows.length === 0 ? (
              <FullWidthRow span={span}>
                <Text ta="center" c="dimmed" py="xl">
                  {emptyText}
                </Text>
              </FullWidthRow>
            ) : (
              rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  onClick={() => onOpen(row)}
                  tabIndex={0}
                  aria-label={LIST_TEXTS.openRow(rowLabel(row))}
                  onKeyDown={openOnKey(row)}
                  style={{ cursor: "pointer" }}
                  data-row-id={row.id}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                  <Table.Td style={{ textAlign: "right" }}>{rowMenu(row)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </ScrollArea>
  );
}
