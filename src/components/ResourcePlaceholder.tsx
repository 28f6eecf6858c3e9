import { PageTitle } from "./PageTitle";

/** A routed page whose screens are not built yet: shows its title. */
export function ResourcePlaceholder({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
