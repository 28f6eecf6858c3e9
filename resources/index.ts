import { employeesResource } from "./employees/index";
import { organizationsResource } from "./organizations/index";
import { can } from "./permissions";
import { recordsResource } from "./records/index";
import type { AnyResourceDescriptor, ResourceModule } from "./resource-module";
import { sessionsResource } from "./sessions/index";
import { traineesResource } from "./trainees/index";
import { trainingsResource } from "./trainings/index";

/** Every resource of the app, in the side menu's order (spec part 1 §2). */
export const RESOURCES: ResourceModule[] = [
  recordsResource,
  trainingsResource,
  sessionsResource,
  traineesResource,
  organizationsResource,
  employeesResource,
];

/** The side menu's entries for a role: the resources it may list (part 1 §6 "Menu visibility"), in order. */
export const menuFor = (role: string | undefined): AnyResourceDescriptor[] =>
  RESOURCES.map((module) => module.descriptor).filter((descriptor) => can(role, descriptor.name, "list"));
