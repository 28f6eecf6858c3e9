import { lazy } from "react";
import { Route } from "react-router";
import type { ResourceModule } from "../resource-module";

// One chunk per page: the login page never downloads list or form code.
const EmployeeList = lazy(() => import("./list"));
const EmployeeShow = lazy(() => import("./show"));
const EmployeeCreate = lazy(() => import("./create"));
const EmployeeEdit = lazy(() => import("./edit"));

export const employeesResource: ResourceModule = {
  resource: {
    name: "employees",
    list: "/employees",
    show: "/employees/:id",
    create: "/employees/create",
    edit: "/employees/:id/edit",
    meta: { label: "Employés" },
  },
  routes: (
    <Route path="/employees">
      <Route index element={<EmployeeList />} />
      <Route path="create" element={<EmployeeCreate />} />
      <Route path=":id" element={<EmployeeShow />} />
      <Route path=":id/edit" element={<EmployeeEdit />} />
    </Route>
  ),
};
