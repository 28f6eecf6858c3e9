import { IconCalendarEvent } from "@tabler/icons-react";
import type { ResourceDescriptor } from "../resource-module";

/** The part of a session (spec part 2 §3) that names it. */
interface SessionTitleFields {
  training: { information: { name: string } };
}

export const sessionsDescriptor: ResourceDescriptor<SessionTitleFields> = {
  name: "sessions",
  listPath: "/sessions",
  label: "Sessions",
  singular: { a: "une session", the: "la session", ofThe: "de la session" },
  icon: IconCalendarEvent,
  recordTitle: (session) => session.training.information.name,
};
