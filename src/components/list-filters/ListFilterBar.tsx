import { Button, Collapse, Group, Paper } from "@mantine/core";
import { IconFilter, IconFilterOff } from "@tabler/icons-react";
import { lazy, Suspense, useId, useState } from "react";
import { FILTER_TEXTS, fieldParams, type ListFilterField } from "./filter-fields";

const FilterFields = lazy(() => import("./FilterFields"));

export interface ListFilterBarProps {
  fields: readonly ListFilterField[];
  /** The filters in force, by parameter (list-url-state.ts). */
  values: Record<string, string>;
  onChange: (changed: Record<string, string | null>) => void;
  onReset: () => void;
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
            {opened && (
              <Suspense fallback={null}>
                <FilterFields fields={fields} values={values} onChange={onChange} />
              </Suspense>
            )}
            <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onReset} disabled={inForce === 0}>
              {FILTER_TEXTS.reset}
            </Button>
          </Group>
        </Paper>
      </Collapse>
    </>
  );
}
