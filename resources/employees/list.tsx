import { ResourceList } from "../../src/components/ResourceList";
import { employeesDescriptor } from "./descriptor";
import { EmployeeDetail, employeeColumns } from "./fields";
import { employeeListQuery } from "./list-query";
import { EMPLOYEE_MSG, type Employee } from "./schema";

export default function EmployeeList() {
  return (
    <ResourceList<Employee>
      resource={employeesDescriptor}
      searchPlaceholder="Rechercher par nom, prénom ou e-mail"
      emptyText={EMPLOYEE_MSG.empty}
      columns={employeeColumns}
      query={employeeListQuery}
      deleteAction="deleteFromList"
      detail={{
        notFoundMessage: EMPLOYEE_MSG.notFound,
        errorMessage: EMPLOYEE_MSG.showFailed,
        render: (e) => <EmployeeDetail employee={e} />,
      }}
    />
  );
}
