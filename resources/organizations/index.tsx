import { lazy } from "react";
import { resourceModule } from "../resource-module";
import { organizationsDescriptor } from "./descriptor";

// One chunk per page: the login page never downloads list or form code.
export const organizationsResource = resourceModule(organizationsDescriptor, {
  list: lazy(() => import("./list")),
  show: lazy(() => import("./show")),
  create: lazy(() => import("./create")),
  edit: lazy(() => import("./edit")),
});
