import { ResourceList } from "../../src/components/ResourceList";
import { OrganizationDetail, organizationColumns } from "./fields";
import { ORGANIZATION_MSG, type Organization, type OrganizationListItem } from "./schema";

export default function OrganizationList() {
  return (
    <ResourceList<OrganizationListItem, Organization>
      resource="organizations"
      title="Organismes"
      createLabel="Ajouter un organisme"
      searchPlaceholder="Rechercher par nom, SIRET ou ville"
      emptyText={ORGANIZATION_MSG.empty}
      columns={organizationColumns}
      rowLabel={(o) => o.name}
      deleteQuestion={(o) => (
        <>
          Voulez-vous vraiment supprimer l'organisme <b>{o.name}</b> ?
        </>
      )}
      detail={{
        title: (o) => o.name,
        notFoundMessage: ORGANIZATION_MSG.notFound,
        errorMessage: ORGANIZATION_MSG.showFailed,
        render: (o) => <OrganizationDetail organization={o} />,
      }}
    />
  );
}
