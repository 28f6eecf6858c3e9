import { IconSchool } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";
import type { TrainingListItem } from "./schema";

export const trainingsDescriptor: ResourceDescriptor<{ information: Pick<TrainingListItem["information"], "number" | "name"> }> = {
  name: "trainings",
  listPath: "/trainings",
  label: "Formations",
  singular: { a: "une formation", the: "la formation", ofThe: "de la formation" },
  icon: IconSchool,
  recordTitle: ({ information }) => `${information.number} – ${information.name}`,
};
