import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useList, useOne, type BaseRecord, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { FILTER_TEXTS } from "./filter-fields";

export interface LookupFilterProps {
  label: string;
  resource: string;
  describe: (record: BaseRecord) => string;
  errorMessage: string;
  /** The chosen record's id (from the URL), or null. */
  value: string | null;
  onChange: (id: string | null) => void;
}

/**
 * A filter on one record of another resource (an organisation, a training): searched on the server as the user types
 * (debounced 200 ms); the chosen record is read by its id, so that a pasted link shows its name before any search.
 */
export function LookupFilter({ label, resource, describe, errorMessage, value, onChange }: LookupFilterProps) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 200);
  const chosen = useOne<BaseRecord, HttpError>({ resource, id: value ?? "", queryOptions: { enabled: value !== null }, errorNotification: false });
  const current = value !== null ? chosen.result : undefined;
  // Mantine writes the chosen option's label into the search box: that is not a new search.
  const term = current && debounced === describe(current) ? "" : debounced;
  const { query, result } = useList<BaseRecord, HttpError>({
    resource,
    pagination: { currentPage: 1, pageSize: 20, mode: "server" },
    filters: [{ field: "search", operator: "contains", value: term }],
    errorNotification: false,
  });
  const found = result.data.filter((record) => String(record.id) !== value);
  const options = [...(current ? [current] : []), ...found].map((record) => ({ value: String(record.id), label: describe(record) }));
  return (
    <Select
      label={label}
      placeholder={FILTER_TEXTS.lookupPlaceholder}
      nothingFoundMessage={query.isFetching ? FILTER_TEXTS.loading : FILTER_TEXTS.nothingFound}
      searchable
      clearable
      // The server already filtered; Mantine must not filter again on the label.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={value}
      onChange={onChange}
      error={query.isError || chosen.query.isError ? errorMessage : undefined}
      style={{ minWidth: 240 }}
    />
  );
}
