import { lazy } from "react";
import { Route } from "react-router";
import type { ResourceModule } from "../resource-module";

// One chunk per page: the login page never downloads list or form code.
const TraineeList = lazy(() => import("./list"));
const TraineeShow = lazy(() => import("./show"));
const TraineeCreate = lazy(() => import("./create"));
const TraineeEdit = lazy(() => import("./edit"));

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
      <Route index element={<TraineeList />} />
      <Route path="create" element={<TraineeCreate />} />
      <Route path=":id" element={<TraineeShow />} />
      <Route path=":id/edit" element={<TraineeEdit />} />
    </Route>
  ),
};
