/**
 * A date field (FrenchDateField.tsx) whose calendar, dayjs and French locale are downloaded when a screen first shows one:
 * a list whose « Export FSE » window is never opened does not pay for them (issue 37). Meanwhile a read-only field of the same
 * label holds the place.
 */
import { TextInput } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { FrenchDateInputProps } from "./FrenchDateField";

export type { FrenchDateInputProps } from "./FrenchDateField";

const FrenchDateField = lazy(() => import("./FrenchDateField"));

export function FrenchDateInput(props: FrenchDateInputProps) {
  const { label, withAsterisk, style, placeholder } = props;
  return (
    <Suspense fallback={<TextInput label={label} withAsterisk={withAsterisk} style={style} placeholder={placeholder ?? "JJ/MM/AAAA"} readOnly />}>
      <FrenchDateField {...props} />
    </Suspense>
  );
}
