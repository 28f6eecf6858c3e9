import { IconFolders } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";

/** The part of a record (spec part 2 §3) that names it, until the records screens bring the full type. */
interface RecordTitleFields {
  trainee: { firstName: string; lastName: string };
}

export const recordsDescriptor: ResourceDescriptor<RecordTitleFields> = {
  name: "records",
  listPath: "/records",
  label: "Dossiers de formation",
  singular: { a: "un dossier de formation", the: "le dossier de formation", ofThe: "du dossier de formation" },
  icon: IconFolders,
  recordTitle: ({ trainee }) => `${trainee.lastName} ${trainee.firstName}`,
};
