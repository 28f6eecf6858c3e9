import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
export const sessionsResource: ResourceModule = {
  resource: {
    name: "sessions",
    list: "/sessions",
    show: "/sessions/:id",
    create: "/sessions/create",
    edit: "/sessions/:id/edit",
    meta: { label: "Sessions" },
  },
  routes: (
    <Route path="/sessions">
      <Route index element={<ResourcePlaceholder title="Sessions" />} />
      <Route path="create" element={<ResourcePlaceholder title="Sessions" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Sessions" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Sessions" />} />
    </Route>
  ),
};
