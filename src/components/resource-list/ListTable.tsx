import { Box, Center, Loader, ScrollArea, Table, Text } from "@mantine/core";
import type { KeyboardEvent, ReactNode } from "react";
import { SCREEN_READER_ONLY } from "../screen-reader-only";
import type { ListSort } from "./list-url-state";
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
    <tr>
      <td colSpan={span}>{children}</td>
    </tr>
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
          fontSize="sm"
          aria-label={label}
          aria-busy={fetching}
          sx={(theme) => ({
            "& tbody tr[data-row-id]:focus-visible": { outline: `2px solid ${theme.fn.primaryColor()}`, outlineOffset: -2 },
            // The actions column, sticky at the right: opaque (the row's hover colour too) over the columns scrolling under it.
            "& thead tr th:last-of-type, & tbody tr[data-row-id] td:last-of-type": {
              position: "sticky",
              right: 0,
              zIndex: 1,
              backgroundColor: theme.white,
              boxShadow: `inset 1px 0 0 ${theme.colors.gray[3]}`,
            },
            "& tbody tr[data-row-id]:hover td:last-of-type": { backgroundColor: theme.colors.gray[1] },
          })}
        >
          <thead>
            <tr>
              {columns.map((column) =>
                column.sortField ? (
                  <SortableHeader key={column.key} field={column.sortField} sort={sort} onSort={onSort} width={column.width}>
                    {column.header}
                  </SortableHeader>
                ) : (
                  <th key={column.key} style={{ width: column.width }}>
                    {column.header}
                  </th>
                ),
              )}
              {/* Its name for screen readers only: the ⋮ buttons need no visible heading, and the column stays narrow. */}
              <th style={{ width: 44, textAlign: "right" }}>
                <span style={SCREEN_READER_ONLY}>{LIST_TEXTS.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pending ? (
              <FullWidthRow span={span}>
                <Center py="xl" role="status" aria-label={LIST_TEXTS.loading}>
                  <Loader size="sm" />
                </Center>
              </FullWidthRow>
            ) : rows.length === 0 ? (
              <FullWidthRow span={span}>
                <Text align="center" color="dimmed" py="xl">
                  {emptyText}
                </Text>
              </FullWidthRow>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  onClick={() => onOpen(row)}
                  tabIndex={0}
                  aria-label={LIST_TEXTS.openRow(rowLabel(row))}
                  onKeyDown={openOnKey(row)}
                  style={{ cursor: "pointer" }}
                  data-row-id={row.id}
                >
                  {columns.map((column) => (
                    <td key={column.key}>{column.render(row)}</td>
                  ))}
                  <td style={{ textAlign: "right" }}>{rowMenu(row)}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </Box>
    </ScrollArea>
  );
}
