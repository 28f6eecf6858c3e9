import { ResourceList } from "../../src/components/ResourceList";
import { organizationsDescriptor } from "./descriptor";
import { OrganizationDetail, organizationColumns } from "./fields";
import { organizationListQuery } from "./list-query";
import { ORGANIZATION_MSG, type Organization, type OrganizationListItem } from "./schema";

export default function OrganizationList() {
  return (
    <ResourceList<OrganizationListItem, Organization>
      resource={organizationsDescriptor}
      searchPlaceholder="Rechercher par nom, SIRET ou ville"
      emptyText={ORGANIZATION_MSG.empty}
      columns={organizationColumns}
      query={organizationListQuery}
      detail={{
        notFoundMessage: ORGANIZATION_MSG.notFound,
        errorMessage: ORGANIZATION_MSG.showFailed,
        render: (o) => <OrganizationDetail organization={o} />,
      }}
    />
  );
}
