import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
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
      <Route index element={<ResourcePlaceholder title="Employés" />} />
      <Route path="create" element={<ResourcePlaceholder title="Employés" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Employés" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Employés" />} />
    </Route>
  ),
};
