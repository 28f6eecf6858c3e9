import { CreateWizardPage } from "../../src/components/Wizard";
import { employeesDescriptor } from "./descriptor";
import { EmployeeFields, EmployeeRecap } from "./fields";
import { EMPLOYEE_MSG, employeeSchema, emptyEmployee, type EmployeeUpdateInput, type EmployeeValues } from "./schema";

export default function EmployeeCreate() {
  return (
    <CreateWizardPage<EmployeeUpdateInput, EmployeeValues>
      resource={employeesDescriptor}
      schema={employeeSchema}
      defaultValues={emptyEmployee()}
      messages={{ conflict: EMPLOYEE_MSG.emailTaken, failed: EMPLOYEE_MSG.createFailed }}
      steps={(form) => [
        {
          label: "Informations",
          fields: ["lastName", "firstName", "gender", "email", "phoneNumber", "roleId", "organizationIds"],
          content: <EmployeeFields form={form} withGender />,
        },
        { label: "Récapitulatif", content: <EmployeeRecap values={form.getValues()} /> },
      ]}
    />
  );
}
