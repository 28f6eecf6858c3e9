import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
export const organizationsResource: ResourceModule = {
  resource: {
    name: "organizations",
    list: "/organizations",
    show: "/organizations/:id",
    create: "/organizations/create",
    edit: "/organizations/:id/edit",
    meta: { label: "Organismes" },
  },
  routes: (
    <Route path="/organizations">
      <Route index element={<ResourcePlaceholder title="Organismes" />} />
      <Route path="create" element={<ResourcePlaceholder title="Organismes" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Organismes" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Organismes" />} />
    </Route>
  ),
};
