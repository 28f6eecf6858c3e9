import { IconBuilding } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";
import type { OrganizationListItem } from "./schema";

export const organizationsDescriptor: ResourceDescriptor<Pick<OrganizationListItem, "name">> = {
  name: "organizations",
  listPath: "/organizations",
  label: "Organismes",
  singular: { a: "un organisme", the: "l'organisme", ofThe: "de l'organisme" },
  icon: IconBuilding,
  recordTitle: (organization) => organization.name,
};
