/**
 * A yes/no question of the survey as two radio buttons 'Oui' / 'Non' (arrow keys move between them): every answer is seen,
 * where a switch left off would not tell 'Non' from 'not answered yet' (the EU nationality starts unanswered, null).
 */
import { Group, Radio } from "@mantine/core";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";

export const YES_NO_TEXTS = { yes: "Oui", no: "Non" } as const;

export interface YesNoFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  withAsterisk?: boolean;
}

export function YesNoField<T extends FieldValues, O>({ control, name, label, withAsterisk }: YesNoFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value as boolean | null | undefined;
        return (
          <Radio.Group
            ref={field.ref}
            name={field.name}
            label={label}
            withAsterisk={withAsterisk}
            value={typeof value === "boolean" ? String(value) : ""}
            onChange={(choice) => field.onChange(choice === "true")}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          >
            <Group gap="lg" mt={4}>
              <Radio value="true" label={YES_NO_TEXTS.yes} />
              <Radio value="false" label={YES_NO_TEXTS.no} />
            </Group>
          </Radio.Group>
        );
      }}
    />
  );
}
