import { employeesResource } from "./employees/index";
import { organizationsResource } from "./organizations/index";
import { recordsResource } from "./records/index";
import type { ResourceModule } from "./resource-module";
import { sessionsResource } from "./sessions/index";
import { traineesResource } from "./trainees/index";
import { trainingsResource } from "./trainings/index";

/** Every resource of the app, in the side menu's order. */
export const RESOURCES: ResourceModule[] = [
  recordsResource,
  trainingsResource,
  sessionsResource,
  traineesResource,
  organizationsResource,
  employeesResource,
];
