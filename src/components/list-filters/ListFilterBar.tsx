import { Button, Checkbox, Collapse, Group, MultiSelect, Paper, Select } from "@mantine/core";
import { IconFilter, IconFilterOff } from "@tabler/icons-react";
import { useId, useState } from "react";
import { FrenchDateInput } from "../FrenchDateInput";
import { FILTER_TEXTS, fieldParams, type ListFilterField } from "./filter-fields";
import { LookupFilter } from "./LookupFilter";

export interface ListFilterBarProps {
  fields: readonly ListFilterField[];
  /** The filters in force, by parameter (list-url-state.ts). */
  values: Record<string, string>;
  onChange: (changed: Record<string, string | null>) => void;
  onReset: () => void;
}

const dayOf = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** One field of the bar, bound to its parameter(s). */
function FilterInput({ field, values, onChange }: { field: ListFilterField } & Pick<ListFilterBarProps, "values" | "onChange">) {
  switch (field.kind) {
    case "multi":
      return (
        <MultiSelect
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

/**
 * The filters above a list (issue 25): a « Filtres » button (with the number in force) opens the bar; each field writes its
 * URL parameter at once, « Réinitialiser les filtres » clears them all. Opened from the start when the link carries filters.
 */
export function ListFilterBar({ fields, values, onChange, onReset }: ListFilterBarProps) {
  const inForce = fields.filter((field) => fieldParams(field).some((param) => values[param])).length;
  const [opened, setOpened] = useState(inForce > 0);
  const barId = useId();
  return (
    <>
      <Button
        variant={inForce > 0 ? "light" : "default"}
        leftSection={<IconFilter size={16} />}
        aria-expanded={opened}
        aria-controls={barId}
        onClick={() => setOpened((o) => !o)}
      >
        {inForce > 0 ? `${FILTER_TEXTS.toggle} (${inForce})` : FILTER_TEXTS.toggle}
      </Button>
      <Collapse expanded={opened} style={{ flexBasis: "100%" }}>
        <Paper withBorder p="sm" radius="md" id={barId} role="group" aria-label={FILTER_TEXTS.toggle}>
          <Group gap="md" align="flex-end">
            {fields.map((field) => (
              <FilterInput key={fieldParams(field).join("-")} field={field} values={values} onChange={onChange} />
            ))}
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onReset} disabled={inForce === 0}>
              {FILTER_TEXTS.reset}
            </Button>
          </Group>
        </Paper>
      </Collapse>
    </>
  );
}
