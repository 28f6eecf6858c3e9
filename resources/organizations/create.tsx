import { CreateWizardPage } from "../../src/components/Wizard";
import { organizationsDescriptor } from "./descriptor";
import { OrganizationFields, OrganizationRecap } from "./fields";
import { emptyOrganization, ORGANIZATION_MSG, organizationSchema } from "./schema";

export default function OrganizationCreate() {
  return (
    <CreateWizardPage
      resource={organizationsDescriptor}
      schema={organizationSchema}
      defaultValues={emptyOrganization()}
      messages={{ failed: ORGANIZATION_MSG.createFailed }}
      steps={(form) => [
        { label: "Informations", fields: ["name", "siret", "email", "phoneNumber", "address"], content: <OrganizationFields form={form} /> },
        { label: "Récapitulatif", content: <OrganizationRecap values={form.getValues()} /> },
      ]}
    />
  );
}
