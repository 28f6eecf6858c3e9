/**
 * Under an address's city: the communes of the typed postal code, to pick one (the city is then spelled as INSEE spells it).
 * Nothing while the code is incomplete or unknown; the city stays free to type (a former commune's name is still an address).
 */
import { Button, Group, Text } from "@mantine/core";
import { useController, useWatch, type Control, type FieldValues, type Path } from "react-hook-form";
import { usePostalCommunes } from "./use-postal-communes";

export const POSTAL_COMMUNES_LABEL = "Communes de ce code postal :";

export function PostalCommunes<T extends FieldValues, O = T>({ control, prefix, disabled }: { control: Control<T, unknown, O>; prefix: string; disabled?: boolean }) {
  const zipCode: unknown = useWatch({ control, name: `${prefix}.zipCode` as Path<T> });
  const { field } = useController({ control, name: `${prefix}.city` as Path<T> });
  const communes = usePostalCommunes(zipCode);
  if (disabled || !communes || communes.length === 0) return null;
  const city: unknown = field.value;
  return (
    <Group gap={6} mt={4} data-testid="postal-communes">
      <Text size="xs" c="dimmed">
        {POSTAL_COMMUNES_LABEL}
      </Text>
      {communes.map((commune) => (
        <Button
          key={commune.code}
          size="compact-xs"
          variant={city === commune.name ? "filled" : "light"}
          onClick={() => field.onChange(commune.name)}
          aria-pressed={city === commune.name}
        >
          {commune.name}
        </Button>
      ))}
    </Group>
  );
}
