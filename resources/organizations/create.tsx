import { CreateWizardPage } from "../../src/components/Wizard";
import { OrganizationFields, OrganizationRecap } from "./fields";
import { emptyOrganization, ORGANIZATION_MSG, organizationSchema } from "./schema";

export default function OrganizationCreate() {
  return (
    <CreateWizardPage
      resource="organizations"
      title="Création d'un organisme"
      schema={organizationSchema}
      defaultValues={emptyOrganization()}
      listPath="/organizations"
      messages={{ failed: ORGANIZATION_MSG.createFailed }}
      steps={(form) => [
        { label: "Informations", fields: ["name", "siret", "email", "phoneNumber", "address"], content: <OrganizationFields form={form} /> },
        { label: "Récapitulatif", content: <OrganizationRecap values={form.getValues()} /> },
      ]}
    />
  );
}
