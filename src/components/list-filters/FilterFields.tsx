/**
 * The fields of a list's filter bar, each bound to its URL parameter(s). A chunk of its own, loaded when the bar is first
 * opened: the date and look-up inputs (dayjs, the calendar) stay off a list's first load (issue 37).
 */
import { Checkbox, MultiSelect, Select } from "@mantine/core";
import { FrenchDateInput } from "../FrenchDateInput";
import { useCloseOnPick } from "../use-close-on-pick";
import { FILTER_TEXTS, fieldParams, type ListFilterField } from "./filter-fields";
import type { ListFilterBarProps } from "./ListFilterBar";
import { LookupFilter } from "./LookupFilter";

const dayOf = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** One field of the bar, bound to its parameter(s). */
function FilterInput({ field, values, onChange }: { field: ListFilterField } & Pick<ListFilterBarProps, "values" | "onChange">) {
  const closeOnPick = useCloseOnPick();
  switch (field.kind) {
    case "multi":
      return (
        <MultiSelect
          {...closeOnPick}
          label={field.label}
          data={[...field.options]}
          value={values[field.param]?.split(",").filter(Boolean) ?? []}
          onChange={(chosen) => onChange({ [field.param]: chosen.join(",") || null })}
          clearable
          style={{ minWidth: 260, maxWidth: 520 }}
        />
      );
    case "select":
      return (
        <Select
          label={field.label}
          data={[...field.options]}
          value={values[field.param] ?? null}
          onChange={(chosen) => onChange({ [field.param]: chosen })}
          searchable
          clearable
          style={{ minWidth: 220 }}
        />
      );
    case "yesNo":
      return (
        <Select
          label={field.label}
          data={[
            { value: "", label: FILTER_TEXTS.either },
            { value: "true", label: FILTER_TEXTS.yes },
            { value: "false", label: FILTER_TEXTS.no },
          ]}
          value={values[field.param] ?? ""}
          onChange={(chosen) => onChange({ [field.param]: chosen || null })}
          style={{ width: 140 }}
        />
      );
    case "flag":
      return (
        <Checkbox
          label={field.label}
          checked={values[field.param] === "true"}
          onChange={(event) => onChange({ [field.param]: event.currentTarget.checked ? "true" : null })}
          pb={8}
        />
      );
    case "dateRange":
      return (
        <>
          {[field.from, field.to].map((end) => (
            <FrenchDateInput
              key={end.param}
              label={end.label}
              placeholder={FILTER_TEXTS.datePlaceholder}
              value={dayOf(values[end.param])}
              onChange={(day) => onChange({ [end.param]: day })}
              style={{ width: 170 }}
            />
          ))}
        </>
      );
    case "lookup":
      return (
        <LookupFilter
          label={field.label}
          resource={field.resource}
          describe={field.describe}
          errorMessage={field.errorMessage}
          value={values[field.param] ?? null}
          onChange={(id) => onChange({ [field.param]: id })}
        />
      );
  }
}

/** Every field of the bar, in order. */
export default function FilterFields({ fields, values, onChange }: Pick<ListFilterBarProps, "fields" | "values" | "onChange">) {
  return (
    <>
      {fields.map((field) => (
        <FilterInput key={fieldParams(field).join("-")} field={field} values={values} onChange={onChange} />
      ))}
    </>
  );
}
