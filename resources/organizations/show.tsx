import { ShowPage } from "../../src/components/ShowPage";
import { OrganizationDetail } from "./fields";
import type { Organization } from "./schema";

export default function OrganizationShow() {
  return (
    <ShowPage<Organization>
      resource="organizations"
      listPath="/organizations"
      listLabel="Organismes"
      title={(o) => o.name}
      deleteQuestion={(o) => (
        <>
          Voulez-vous vraiment supprimer l'organisme <b>{o.name}</b> ?
        </>
      )}
      render={(o) => <OrganizationDetail organization={o} />}
    />
  );
}
