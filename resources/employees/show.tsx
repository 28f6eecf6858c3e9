import { ShowPage } from "../../src/components/ShowPage";
import { employeesDescriptor } from "./descriptor";
import { EmployeeDetail } from "./fields";
import type { Employee } from "./schema";

export default function EmployeeShow() {
  return (
    <ShowPage<Employee>
      resource={employeesDescriptor}
      render={(e) => <EmployeeDetail employee={e} />}
    />
  );
}
