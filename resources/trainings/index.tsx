import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
export const trainingsResource: ResourceModule = {
  resource: {
    name: "trainings",
    list: "/trainings",
    show: "/trainings/:id",
    create: "/trainings/create",
    edit: "/trainings/:id/edit",
    meta: { label: "Formations" },
  },
  routes: (
    <Route path="/trainings">
      <Route index element={<ResourcePlaceholder title="Formations" />} />
      <Route path="create" element={<ResourcePlaceholder title="Formations" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Formations" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Formations" />} />
    </Route>
  ),
};
