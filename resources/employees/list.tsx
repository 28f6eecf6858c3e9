import { ResourceList } from "../../src/components/ResourceList";
import { EmployeeDetail, employeeColumns } from "./fields";
import { EMPLOYEE_MSG, employeeFullName, type Employee } from "./schema";

export default function EmployeeList() {
  return (
    <ResourceList<Employee>
      resource="employees"
      title="Employés"
      createLabel="Ajouter un employé"
      searchPlaceholder="Rechercher par nom, prénom ou e-mail"
      emptyText={EMPLOYEE_MSG.empty}
      columns={employeeColumns}
      rowLabel={employeeFullName}
      deleteAction="deleteFromList"
      deleteQuestion={(e) => (
        <>
          Voulez-vous vraiment supprimer l'employé <b>{employeeFullName(e)}</b> ? Il ne pourra plus se connecter.
        </>
      )}
      detail={{
        title: employeeFullName,
        notFoundMessage: EMPLOYEE_MSG.notFound,
        errorMessage: EMPLOYEE_MSG.showFailed,
        render: (e) => <EmployeeDetail employee={e} />,
      }}
    />
  );
}
