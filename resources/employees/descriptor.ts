import { IconUsersGroup } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";
import type { Employee } from "./schema";

export const employeesDescriptor: ResourceDescriptor<Pick<Employee, "firstName" | "lastName">> = {
  name: "employees",
  listPath: "/employees",
  label: "Employés",
  singular: { a: "un employé", the: "l'employé", ofThe: "de l'employé" },
  icon: IconUsersGroup,
  // The last name is stored in capitals: "DUPONT Jean".
  recordTitle: (employee) => `${employee.lastName} ${employee.firstName}`,
  deleteConsequence: "Il ne pourra plus se connecter.",
};
