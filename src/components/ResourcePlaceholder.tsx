import { Title } from "@mantine/core";

/** A routed page whose screens are not built yet: shows its title. */
export function ResourcePlaceholder({ title }: { title: string }) {
  return <Title order={2}>{title}</Title>;
}
