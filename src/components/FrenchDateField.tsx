/**
 * A calendar day typed as DD/MM/YYYY or picked in a French calendar (month and day names in French, Monday first), the
 * value as the API holds it: `YYYY-MM-DD`, or null once cleared. Loaded through FrenchDateInput.tsx, with dayjs and the
 * calendar, when a screen first shows a date field.
 */
import "@mantine/dates/styles.css";
import { DateInput, type DateInputProps } from "@mantine/dates";
// The calendar reads dayjs's French locale: loaded here, with the calendar, so that /login does not download dayjs (issue 11).
import "dayjs/locale/fr";
import { useState } from "react";
import { toDateOnly } from "../../resources/common/date-only";
import { clearButtonProps, IN_MAIN } from "../theme";

/** "31/01/1980" → "1980-01-31"; anything that is not a real day, null (the field then keeps its last valid day). */
export function parseFrenchDate(value: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [, d, m, y] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getDate() === d && date.getMonth() === m - 1 ? toDateOnly(date) : null;
}

export type FrenchDateInputProps = Omit<DateInputProps, "value" | "onChange"> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

export default function FrenchDateField({ popoverProps, ...props }: FrenchDateInputProps) {
  // Escape while the calendar is open closes the calendar only: a modal around listens for Escape before the field does,
  // and leaves alone a key whose target says so (the « Export FSE » window kept its dates).
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      locale="fr"
      firstDayOfWeek={1}
      valueFormat="DD/MM/YYYY"
      placeholder="JJ/MM/AAAA"
      dateParser={parseFrenchDate}
      clearable
      clearButtonProps={clearButtonProps("Effacer")}
      data-mantine-stop-propagation={calendarOpen ? "true" : undefined}
      popoverProps={{
        ...IN_MAIN,
        ...popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      {...props}
    />
  );
}
