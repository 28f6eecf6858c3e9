/**
 * A select whose options come from a resource's list, searched on the server as the user types (debounced 200 ms),
 * bound to react-hook-form. The field holds an object (e.g. {id, name, siret}), not only the id.
 *
 *   <SearchSelect control={form.control} name="information.educationalOrganization" resource="organizations"
 *     label="Organisme de formation" toValue={(o: Organization) => ({ id: o.id, name: o.name, siret: o.siret })}
 *     describe={(o) => `${o.name} – ${o.siret}`} errorMessage="Une erreur est survenue lors de la recherche d'organismes" />
 */
import type { SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useList, type BaseRecord, type CrudFilter, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { Controller, type Control, type FieldValues, type Path, type RefCallBack } from "react-hook-form";
import { QuietFocusSelect } from "./QuietFocusSelect";

export const SEARCH_SELECT_TEXTS = { nothingFound: "Aucun résultat", placeholder: "Rechercher…", loading: "Chargement..." } as const;

export interface SearchSelectProps<T extends FieldValues, R extends BaseRecord, V extends { id: string }, O = T>
  extends Omit<SelectProps, "data" | "name" | "value" | "onChange" | "error" | "form" | "searchable" | "searchValue" | "onSearchChange"> {
  /** O: the form's validated output type, irrelevant to the input itself. */
  control: Control<T, unknown, O>;
  name: Path<T>;
  resource: string;
  toValue: (record: R) => V;
  describe: (value: V) => string;
  /** Shown under the field when the search call fails. */
  errorMessage: string;
  pageSize?: number;
  /** Sent with every search (e.g. `freeTrainees=true`: only trainees without a record). */
  filters?: CrudFilter[];
}

export function SearchSelect<T extends FieldValues, R extends BaseRecord, V extends { id: string }, O = T>({
  control,
  name,
  resource,
  toValue,
  describe,
  errorMessage,
  pageSize = 20,
  filters = [],
  ...props
}: SearchSelectProps<T, R, V, O>) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 200);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const current = (field.value as V | null | undefined) ?? null;
        // Mantine writes the chosen option's label into the search box: that is not a new search.
        const term = current && debounced === describe(current) ? "" : debounced;
        return (
          <SearchSelectInput
            {...props}
            resource={resource}
            term={term}
            pageSize={pageSize}
            filters={filters}
            current={current}
            toValue={toValue}
            describe={describe}
            errorMessage={errorMessage}
            fieldError={fieldState.error?.message}
            inputRef={field.ref}
            fieldName={field.name}
            search={search}
            onSearch={setSearch}
            onBlur={field.onBlur}
            onChange={(value) => field.onChange(value)}
          />
        );
      }}
    />
  );
}

interface SearchSelectInputProps<R extends BaseRecord, V extends { id: string }>
  extends Omit<SelectProps, "data" | "name" | "value" | "onChange" | "error" | "form" | "searchable" | "searchValue" | "onSearchChange"> {
  resource: string;
  term: string;
  pageSize: number;
  filters: CrudFilter[];
  current: V | null;
  toValue: (record: R) => V;
  describe: (value: V) => string;
  errorMessage: string;
  fieldError?: string;
  inputRef: RefCallBack;
  fieldName: string;
  search: string;
  onSearch: (value: string) => void;
  onChange: (value: V | null) => void;
}

function SearchSelectInput<R extends BaseRecord, V extends { id: string }>({
  resource,
  term,
  pageSize,
  filters,
  current,
  toValue,
  describe,
  errorMessage,
  fieldError,
  inputRef,
  fieldName,
  search,
  onSearch,
  onChange,
  ...props
}: SearchSelectInputProps<R, V>) {
  const { query, result } = useList<R, HttpError>({
    resource,
    pagination: { currentPage: 1, pageSize, mode: "server" },
    filters: [...filters, { field: "search", operator: "contains", value: term }],
    errorNotification: false,
    queryOptions: { enabled: !props.disabled },
  });
  const found = result.data.map(toValue);
  const options = current && !found.some((v) => v.id === current.id) ? [current, ...found] : found;
  return (
    <QuietFocusSelect
      placeholder={SEARCH_SELECT_TEXTS.placeholder}
      nothingFoundMessage={query.isFetching ? SEARCH_SELECT_TEXTS.loading : SEARCH_SELECT_TEXTS.nothingFound}
      {...props}
      fieldRef={inputRef}
      name={fieldName}
      searchable
      clearable={!props.disabled}
      // The server already filtered; Mantine must not filter again on the label.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={onSearch}
      data={options.map((v) => ({ value: v.id, label: describe(v) }))}
      value={current?.id ?? null}
      onChange={(id) => onChange(options.find((v) => v.id === id) ?? null)}
      error={query.isError ? errorMessage : fieldError}
    />
  );
}
