import { IconUsers } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";
import type { Trainee } from "./schema";

export const traineesDescriptor: ResourceDescriptor<Pick<Trainee, "firstName" | "lastName">> = {
  name: "trainees",
  listPath: "/trainees",
  label: "Stagiaires",
  singular: { a: "un stagiaire", the: "le stagiaire", ofThe: "du stagiaire" },
  icon: IconUsers,
  // The last name is stored in capitals: "DUPONT Jean".
  recordTitle: (trainee) => `${trainee.lastName} ${trainee.firstName}`,
};
