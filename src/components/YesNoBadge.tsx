import { Badge } from "@mantine/core";

/** A yes/no cell of a list ('Sanitaire et social', 'FSE'): 'Oui' in mint, 'Non' in grey. */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <Badge color={value ? "mint" : "gray"} variant="light" styles={{ root: { textTransform: "none" } }}>
      {value ? "Oui" : "Non"}
    </Badge>
  );
}
