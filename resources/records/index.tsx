import { Route } from "react-router";
import { ResourcePlaceholder } from "../../src/components/ResourcePlaceholder";
import type { ResourceModule } from "../resource-module";

// Placeholder until the resource's issue lands: routed, shows its title.
export const recordsResource: ResourceModule = {
  resource: {
    name: "records",
    list: "/records",
    show: "/records/:id",
    create: "/records/create",
    edit: "/records/:id/edit",
    meta: { label: "Dossiers de formation" },
  },
  routes: (
    <Route path="/records">
      <Route index element={<ResourcePlaceholder title="Dossiers de formation" />} />
      <Route path="create" element={<ResourcePlaceholder title="Dossiers de formation" />} />
      <Route path=":id" element={<ResourcePlaceholder title="Dossiers de formation" />} />
      <Route path=":id/edit" element={<ResourcePlaceholder title="Dossiers de formation" />} />
    </Route>
  ),
};
