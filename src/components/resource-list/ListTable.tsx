import { Box, Center, Loader, ScrollArea, Table, Text } from "@mantine/core";
import type { KeyboardEvent, ReactNode } from "react";
import { LIST_TEXTS } from "./texts";

export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: number | string;
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
}

/** One line across the table: the spinner of the first load or the empty text. */
function FullWidthRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span}>{children}</td>
    </tr>
  );
}

/** The list's table: a row opens the record on click, Enter or Space; its menu sits in the last column. */
export function ListTable<T extends { id: string }>({ label, columns, rows, pending, fetching, emptyText, rowLabel, onOpen, rowMenu }: ListTableProps<T>) {
  const span = columns.length + 1;
  // Keyboard users reach the row and open it as a click does (the row menu's own keys stay its own).
  const openOnKey = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    onOpen(row);
  };
  return (
    <ScrollArea>
      <Box pos="relative" style={{ minWidth: 640 }}>
        <Table
          highlightOnHover
          verticalSpacing="sm"
          fontSize="sm"
          aria-label={label}
          aria-busy={fetching}
          sx={(theme) => ({ "& tbody tr[data-row-id]:focus-visible": { outline: `2px solid ${theme.fn.primaryColor()}`, outlineOffset: -2 } })}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} style={{ width: column.width }}>
                  {column.header}
                </th>
              ))}
              <th style={{ width: 64, textAlign: "right" }}>{LIST_TEXTS.actions}</th>
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
