/**
 * Organisations picker bound to react-hook-form (an array of ids): searchable against the API (debounced), chips
 * removable one by one, a duplicate can never be picked twice.
 *
 *   <OrganizationsMultiSelect control={form.control} name="organizationIds" label="Organismes" known={employee.organizations} />
 *   <OrganizationsMultiSelect … restrictTo={identity.organizations} />   // only these may be chosen (scoped managers)
 *
 * `known` gives the names of ids already selected, so chips show names before any search ran.
 */
import { MultiSelect, type ComboboxItem, type MultiSelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useList, useMany, type HttpError } from "@refinedev/core";
import { useMemo, useRef, useState } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { withoutAccents } from "../../resources/common/text";
import { useCloseOnPick } from "./use-close-on-pick";

export const ORGANIZATIONS_PICKER_TEXTS = {
  loadFailed: "Une erreur est survenue lors de la récupération des organismes",
  nothingFound: "Aucun organisme trouvé",
  placeholder: "Rechercher un organisme",
} as const;

export interface OrganizationOption {
  id: string;
  name: string;
  siret?: string;
}

export interface OrganizationsMultiSelectProps<T extends FieldValues, O = T> extends Omit<MultiSelectProps, "data" | "name" | "value" | "onChange" | "error" | "form"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  known?: OrganizationOption[];
  restrictTo?: OrganizationOption[];
}

const fold = (text: string) => withoutAccents(text).toLowerCase();

export function OrganizationsMultiSelect<T extends FieldValues, O = T>({ control, name, known = [], restrictTo, ...props }: OrganizationsMultiSelectProps<T, O>) {
  const [search, setSearch] = useState("");
  const closeOnPick = useCloseOnPick();
  const [debounced] = useDebouncedValue(search, 200);
  const { query, result } = useList<OrganizationOption, HttpError>({
    resource: "organizations",
    pagination: { currentPage: 1, pageSize: 50, mode: "server" },
    filters: [{ field: "search", operator: "contains", value: debounced }],
    queryOptions: { enabled: restrictTo === undefined },
    errorNotification: false,
  });

  // Names seen so far, so that a chip keeps its name when a later search no longer returns it.
  const names = useRef(new Map<string, string>());
  const data = useMemo(() => {
    const options = restrictTo ?? result.data;
    for (const o of [...known, ...options]) names.current.set(o.id, o.name);
    return [...names.current].map(([value, label]) => ({ value, label, visible: options.some((o) => o.id === value) }));
  }, [known, restrictTo, result.data]);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          placeholder={ORGANIZATIONS_PICKER_TEXTS.placeholder}
          nothingFoundMessage={ORGANIZATIONS_PICKER_TEXTS.nothingFound}
          {...props}
          {...closeOnPick}
          ref={field.ref}
          name={field.name}
          data={data.map(({ value, label }) => ({ value, label }))}
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          hidePickedOptions
          filter={({ options, search: typed }) =>
            (options as ComboboxItem[]).filter((item) => data.some((d) => d.value === item.value && d.visible) && fold(item.label).includes(fold(typed.trim())))
          }
          value={(field.value as string[] | undefined) ?? []}
          onChange={(ids) => field.onChange([...new Set(ids)])}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? (query.isError ? ORGANIZATIONS_PICKER_TEXTS.loadFailed : undefined)}
        />
      )}
    />
  );
}

/** The names of chosen organisations, e.g. in a wizard's recap ("AFPA, CNAM"). */
export function OrganizationNames({ ids }: { ids: string[] }) {
  const { result, query } = useMany<OrganizationOption, HttpError>({ resource: "organizations", ids, queryOptions: { enabled: ids.length > 0 }, errorNotification: false });
  if (query.isError) return <>{ORGANIZATIONS_PICKER_TEXTS.loadFailed}</>;
  const byId = new Map(result.data.map((o) => [o.id, o.name]));
  return <>{ids.map((id) => byId.get(id) ?? "…").join(", ")}</>;
}
