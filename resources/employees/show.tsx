import { ShowPage } from "../../src/components/ShowPage";
import { EmployeeDetail } from "./fields";
import { employeeFullName, type Employee } from "./schema";

export default function EmployeeShow() {
  return (
    <ShowPage<Employee>
      resource="employees"
      listPath="/employees"
      listLabel="Employés"
      title={employeeFullName}
      deleteQuestion={(e) => (
        <>
          Voulez-vous vraiment supprimer l'employé <b>{employeeFullName(e)}</b> ? Il ne pourra plus se connecter.
        </>
      )}
      render={(e) => <EmployeeDetail employee={e} />}
    />
  );
}
