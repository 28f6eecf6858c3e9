/**
 * A start date and an end date side by side (two <Grid.Col span={{ base: 12, sm: 6 }}>, to be placed in a <Grid>). The schema checks the end against
 * the start ('La date de fin doit être postérieure ou égale à la date de début'); a new start date may make an end date already
 * chosen too early, or right again, so the end date's message follows it.
 *
 *   <Grid gap="md">
 *     <FormDateRange control={form.control} trigger={form.trigger}
 *       start={{ name: "internship.internshipStartDate", label: "Date de début du stage", withAsterisk: true }}
 *       end={{ name: "internship.internshipEndDate", label: "Date de fin du stage", withAsterisk: true }} />
 *   </Grid>
 */
import { Grid } from "@mantine/core";
import { useWatch, type Control, type FieldValues, type UseFormTrigger } from "react-hook-form";
import { FormDateInput, type FormDateInputProps } from "./form-inputs";
import { useOnChange } from "./use-on-change";

export interface FormDateRangeProps<T extends FieldValues, O = T> {
  control: Control<T, unknown, O>;
  trigger: UseFormTrigger<T>;
  start: Omit<FormDateInputProps<T, O>, "control">;
  end: Omit<FormDateInputProps<T, O>, "control">;
}

export function FormDateRange<T extends FieldValues, O = T>({ control, trigger, start, end }: FormDateRangeProps<T, O>) {
  const [startDate, endDate] = useWatch({ control, name: [start.name, end.name] });
  // Only a new start date matters (not the one the form started with, nor a change of the end date itself).
  useOnChange(startDate, () => {
    if (endDate) void trigger(end.name);
  });
  return (
    <>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <FormDateInput control={control} {...start} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <FormDateInput control={control} {...end} />
      </Grid.Col>
    </>
  );
}
