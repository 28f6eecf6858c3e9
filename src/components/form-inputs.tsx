/**
 * Mantine inputs bound to react-hook-form through <Controller>, with the spec's typing transforms.
 *
 *   <FormTextInput control={form.control} name="lastName" label="Nom" transform="upper" withAsterisk />
 *   <FormTextInput control={form.control} name="firstName" label="Prénom" transform="capitalize" />
 */
import { TextInput, type TextInputProps } from "@mantine/core";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { capitalizeWords, toUpper } from "../../resources/common/strings";

export type TextTransform = "upper" | "capitalize";

const TRANSFORMS: Record<TextTransform, (value: string) => string> = { upper: toUpper, capitalize: capitalizeWords };

export interface FormTextInputProps<T extends FieldValues> extends Omit<TextInputProps, "name" | "value" | "onChange" | "error" | "form"> {
  control: Control<T>;
  name: Path<T>;
  /** Applied while typing: last names and organisation names upper case, first names and cities capitalised. */
  transform?: TextTransform;
}

export function FormTextInput<T extends FieldValues>({ control, name, transform, ...props }: FormTextInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={(field.value as string | null | undefined) ?? ""}
          onBlur={field.onBlur}
          onChange={(event) => {
            const value = event.currentTarget.value;
            field.onChange(transform ? TRANSFORMS[transform](value) : value);
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
