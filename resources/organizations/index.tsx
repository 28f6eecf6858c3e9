import { lazy } from "react";
import { Route } from "react-router";
import type { ResourceModule } from "../resource-module";

// One chunk per page: the login page never downloads list or form code.
const OrganizationList = lazy(() => import("./list"));
const OrganizationShow = lazy(() => import("./show"));
const OrganizationCreate = lazy(() => import("./create"));
const OrganizationEdit = lazy(() => import("./edit"));

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
      <Route index element={<OrganizationList />} />
      <Route path="create" element={<OrganizationCreate />} />
      <Route path=":id" element={<OrganizationShow />} />
      <Route path=":id/edit" element={<OrganizationEdit />} />
    </Route>
  ),
};
