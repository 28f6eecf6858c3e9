import { lazy } from "react";
import { resourceModule } from "../resource-module";
import { sessionsDescriptor } from "./descriptor";

// One chunk per page: the login page never downloads list or form code.
export const sessionsResource = resourceModule(sessionsDescriptor, {
  list: lazy(() => import("./list")),
  show: lazy(() => import("./show")),
  create: lazy(() => import("./create")),
  edit: lazy(() => import("./edit")),
});
