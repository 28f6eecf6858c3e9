/**
 * « Exporter » in every list's toolbar (issue 25): the list's rows as a workbook (XLSX) or CSV, with the search and filters the
 * list shows now and its sort (the same query the data provider sends, without the page: `listQueryString`), from
 * `GET /api/<list>/export`. While the file arrives, a status says how much has come (the file is streamed: its size is not
 * known in advance); a failure says so in French. Every role that sees the list may export it (the server applies its scope).
 */
import { Alert, Button, Group, Loader, Menu, Text } from "@mantine/core";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { IconAlertCircle, IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileText } from "@tabler/icons-react";
import { useId, useState } from "react";
import { API_URL, listQueryString } from "../../../providers/data-provider";
import { EXPORT_MSG, type ExportFormat } from "../../../resources/common/export";
import { toDateOnly } from "../../../resources/common/date-only";
import { downloadExport } from "../download-export";

const sizes = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });
/** 12 345 bytes → « 12,1 ko », 3 456 789 → « 3,3 Mo ». */
export const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${sizes.format(bytes / 1024)} ko` : `${sizes.format(bytes / (1024 * 1024))} Mo`);

export interface ExportMenuProps {
  /** The list's resource: the export is `/api/<resource>/export`. */
  resource: string;
  /** The filters the list is asked with (search included). */
  filters: CrudFilter[];
  /** The list's sort, when it has one. */
  sorters?: CrudSort[];
}

export function ExportMenu({ resource, filters, sorters }: ExportMenuProps) {
  const [received, setReceived] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const menuId = useId();

  async function download(format: ExportFormat) {
    setFailed(false);
    setReceived(0);
    const query = listQueryString([...filters, { field: "format", operator: "eq", value: format }], sorters);
    try {
      await downloadExport(`${API_URL}/${resource}/export${query}`, `export-${toDateOnly(new Date())}.${format}`, setReceived);
    } catch {
      // A lapsed session (401) has signed out already, as every other call does (apiFetch).
      setFailed(true);
    } finally {
      setReceived(null);
    }
  }

  const downloading = received !== null;
  return (
    <Group gap="xs" ml="auto" pb={4}>
      {downloading && (
        <Group gap={6} role="status" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{EXPORT_MSG.progress(formatBytes(received))}</Text>
        </Group>
      )}
      {failed && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert" py={4}>
          {EXPORT_MSG.failed}
        </Alert>
      )}
      <Menu id={menuId} position="bottom-end" withinPortal transitionProps={{ duration: 0 }}>
        <Menu.Target>
          <Button variant="outline" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} loading={downloading}>
            {EXPORT_MSG.menu}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void download("xlsx")}>
            {EXPORT_MSG.xlsx}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileText size={16} />} onClick={() => void download("csv")}>
            {EXPORT_MSG.csv}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
