import { lazy } from "react";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import { resourceModule } from "../resource-module";
import { recordsDescriptor } from "./descriptor";

// Placeholder until the wizard and the entry/exit form land: routed, shows its title.
const Placeholder = () => <ResourcePlaceholder title={recordsDescriptor.label} />;

// One chunk per page: the login page never downloads list or form code.
export const recordsResource = resourceModule(recordsDescriptor, {
  list: lazy(() => import("./list")),
  show: lazy(() => import("./show")),
  create: Placeholder,
  edit: Placeholder,
});
