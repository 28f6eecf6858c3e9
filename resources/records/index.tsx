import { lazy } from "react";
import { resourceModule } from "../resource-module";
import { recordsDescriptor } from "./descriptor";

// One chunk per page: the login page never downloads list or form code.
export const recordsResource = resourceModule(
  recordsDescriptor,
  {
    list: lazy(() => import("./list")),
    show: lazy(() => import("./show")),
    create: lazy(() => import("./create")),
    edit: lazy(() => import("./edit")),
  },
  // The internship review (spec: "a second record edit form"; the route is ours) and the FSE survey (spec §2).
  { ":id/bilan": lazy(() => import("./bilan")), ":id/fse": lazy(() => import("../fse/survey")) },
);
