import { EditPage } from "../../src/components/EditPage";
import { employeesDescriptor } from "./descriptor";
import { EmployeeFields } from "./fields";
import { EMPLOYEE_MSG, employeeUpdateSchema, type Employee, type EmployeeUpdateInput, type EmployeeUpdateValues } from "./schema";

export default function EmployeeEdit() {
  return (
    <EditPage<Employee, EmployeeUpdateInput, EmployeeUpdateValues>
      resource={employeesDescriptor}
      schema={employeeUpdateSchema}
      toFormValues={(e) => ({
        firstName: e.firstName,
        lastName: e.lastName,
        email: e.email,
        phoneNumber: e.phoneNumber ?? "",
        roleId: e.role.id,
        organizationIds: e.organizations.map((o) => o.id),
      })}
      messages={{ conflict: EMPLOYEE_MSG.emailTaken, failed: EMPLOYEE_MSG.saveFailed }}
    >
      {(form, employee) => <EmployeeFields form={form} withGender={false} known={employee.organizations} currentRole={employee.role.id} />}
    </EditPage>
  );
}
