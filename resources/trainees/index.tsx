import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
export const traineesResource: ResourceModule = {
  resource: {
    name: "trainees",
    list: "/trainees",
    show: "/trainees/:id",
    create: "/trainees/create",
    edit: "/trainees/:id/edit",
    meta: { label: "Stagiaires" },
  },
  routes: (
    <Route path="/trainees">
      <Route index element={<ResourcePlaceholder title="Stagiaires" />} />
      <Route path="create" element={<ResourcePlaceholder title="Stagiaires" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Stagiaires" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Stagiaires" />} />
    </Route>
  ),
};
