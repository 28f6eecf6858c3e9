import { lazy } from "react";
import { Route } from "react-router";
import type { ResourceModule } from "../resource-module";

// One chunk per page: the login page never downloads list or form code.
const TrainingList = lazy(() => import("./list"));
const TrainingShow = lazy(() => import("./show"));
const TrainingCreate = lazy(() => import("./create"));
const TrainingEdit = lazy(() => import("./edit"));

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
      <Route index element={<TrainingList />} />
      <Route path="create" element={<TrainingCreate />} />
      <Route path=":id" element={<TrainingShow />} />
      <Route path=":id/edit" element={<TrainingEdit />} />
    </Route>
  ),
};
