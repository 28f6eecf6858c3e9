import { Badge } from "@mantine/core";
import { formatYesNo } from "../lib/format";

/** A yes/no cell of a list ('Sanitaire et social', 'FSE'): 'Oui' in mint, 'Non' in grey. */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <Badge color={value ? "mint" : "gray"} variant="light" styles={{ root: { textTransform: "none" } }}>
      {formatYesNo(value)}
    </Badge>
  );
}
