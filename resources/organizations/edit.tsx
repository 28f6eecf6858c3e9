import { EditPage } from "../../src/components/EditPage";
import { emptyAddress } from "../common/address";
import { organizationsDescriptor } from "./descriptor";
import { OrganizationFields } from "./fields";
import { ORGANIZATION_MSG, organizationSchema, type Organization, type OrganizationInput, type OrganizationValues } from "./schema";

export default function OrganizationEdit() {
  return (
    <EditPage<Organization, OrganizationInput, OrganizationValues>
      resource={organizationsDescriptor}
      subheading={(o) => `SIRET ${o.siret}`}
      schema={organizationSchema}
      toFormValues={(o) => ({
        name: o.name,
        siret: o.siret,
        email: o.email ?? "",
        phoneNumber: o.phoneNumber ?? "",
        address: { ...emptyAddress(), ...o.address },
      })}
      messages={{ conflict: ORGANIZATION_MSG.siretLocked, failed: ORGANIZATION_MSG.updateFailed }}
    >
      {(form) => <OrganizationFields form={form} />}
    </EditPage>
  );
}
