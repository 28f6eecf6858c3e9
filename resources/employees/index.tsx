import { lazy } from "react";
import { resourceModule } from "../resource-module";
import { employeesDescriptor } from "./descriptor";

// One chunk per page: the login page never downloads list or form code.
export const employeesResource = resourceModule(employeesDescriptor, {
  list: lazy(() => import("./list")),
  show: lazy(() => import("./show")),
  create: lazy(() => import("./create")),
  edit: lazy(() => import("./edit")),
});
