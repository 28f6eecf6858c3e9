import { IconSchool } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";
import type { Training } from "./schema";

export const trainingsDescriptor: ResourceDescriptor<Pick<Training, "information">> = {
  name: "trainings",
  listPath: "/trainings",
  label: "Formations",
  singular: { a: "une formation", the: "la formation", ofThe: "de la formation" },
  icon: IconSchool,
  recordTitle: ({ information }) => `${information.number} – ${information.name}`,
};
