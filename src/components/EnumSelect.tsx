/**
 * A single select over an enumeration or any option list, bound to react-hook-form.
 *
 *   <EnumSelect control={form.control} name="gender" label="Genre" labels={GENDERS} withAsterisk />
 *   <EnumSelect control={form.control} name="address.streetType" label="Type de voie" options={streetTypeOptions} searchable />
 *
 * `labels` (value → French label) are sorted with enumOptions (French collation, 'Autre(s)' last); `options` are used as given.
 * An empty choice is stored as null (spec: empty strings become null).
 */
import type { SelectProps } from "@mantine/core";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { enumOptions, type EnumLabels, type EnumOption } from "../../resources/common/enum";
import { QuietFocusSelect } from "./QuietFocusSelect";

export interface EnumSelectProps<T extends FieldValues, V extends string, O = T> extends Omit<SelectProps, "data" | "name" | "value" | "onChange" | "error" | "form"> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  labels?: EnumLabels<V>;
  options?: readonly EnumOption<V>[];
}

export function EnumSelect<T extends FieldValues, V extends string, O = T>({ control, name, labels, options, ...props }: EnumSelectProps<T, V, O>) {
  const data = [...(options ?? (labels ? enumOptions(labels) : []))];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <QuietFocusSelect
          nothingFoundMessage="Aucun résultat"
          {...props}
          fieldRef={field.ref}
          name={field.name}
          data={data}
          value={(field.value as string | null | undefined) || null}
          onChange={(value) => field.onChange(value ?? null)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
