/**
 * A date field (FrenchDateField.tsx) whose calendar, dayjs and French locale are downloaded when a screen first shows one:
 * a list whose « Export FSE » window is never opened does not pay for them (issue 37). Meanwhile its label over a skeleton
 * holds the place: nothing to type into or click that the field would then lose.
 */
import { Input, Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { FrenchDateInputProps } from "./FrenchDateField";

export type { FrenchDateInputProps } from "./FrenchDateField";

const FrenchDateField = lazy(() => import("./FrenchDateField"));

export function FrenchDateInput(props: FrenchDateInputProps) {
  const { label, withAsterisk, style } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} withAsterisk={withAsterisk} style={style}>
          <Skeleton height={36} radius="md" />
        </Input.Wrapper>
      }
    >
      <FrenchDateField {...props} />
    </Suspense>
  );
}
