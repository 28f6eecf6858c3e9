/**
 * /sessions/{sid}/edit (spec part 2 §2): the training's name and the session's dates as heading, the tabs 'Informations',
 * 'Bilan' and 'Documents' in the URL (`?tab=bilan`: linkable, kept on reload) over one form, Annuler / Sauvegarder back to
 * /sessions (EditPage); the saved session is read again (Refine invalidates it), a refusal shows the spec's message and the
 * API's field errors on their fields, on the tab holding them. Validating the bilan, or new dates leaving signed attendance
 * sheets outside the session, asks first (save-confirmation.tsx).
 */
import { IconClipboardCheck, IconFiles, IconInfoCircle } from "@tabler/icons-react";
import type { UseFormReturn } from "react-hook-form";
import { EditPage } from "../../../src/components/EditPage";
import { FormTabs } from "../../../src/components/FormTabs";
import { formatPeriod } from "../../../src/lib/format";
import { sessionsDescriptor } from "../descriptor";
import { InformationFields } from "../InformationFields";
import { SESSION_MSG, type Session } from "../schema";
import { BilanTab } from "./BilanTab";
import { DocumentsTab } from "./DocumentsTab";
import { sessionSaveConfirmation } from "./save-confirmation";
import { sessionEditBody, sessionEditSchema, sessionToFormValues, type SessionEditOutput, type SessionEditValues } from "./form-values";

export const SESSION_EDIT_TEXTS = {
  heading: (session: Session) => `Modification de la session ${session.training.information.name}`,
  period: (session: Session) => formatPeriod(session.information.startDate, session.information.endDate, { capitalized: true }),
  tabs: "Sections de la session",
} as const;

function SessionEditTabs({ form, session }: { form: UseFormReturn<SessionEditValues, unknown, SessionEditOutput>; session: Session }) {
  return (
    <FormTabs
      control={form.control}
      label={SESSION_EDIT_TEXTS.tabs}
      tabs={[
        {
          value: "informations",
          section: "information",
          label: "Informations",
          icon: <IconInfoCircle size={16} />,
          content: <InformationFields control={form.control} trigger={form.trigger} />,
        },
        { value: "bilan", section: "result", label: "Bilan", icon: <IconClipboardCheck size={16} />, content: <BilanTab form={form} session={session} /> },
        { value: "documents", section: "medias", label: "Documents", icon: <IconFiles size={16} />, content: <DocumentsTab form={form} session={session} /> },
      ]}
    />
  );
}

export default function SessionEdit() {
  return (
    <EditPage<Session, SessionEditValues, SessionEditOutput>
      resource={sessionsDescriptor}
      heading={SESSION_EDIT_TEXTS.heading}
      subheading={SESSION_EDIT_TEXTS.period}
      schema={sessionEditSchema}
      toFormValues={sessionToFormValues}
      messages={{ failed: SESSION_MSG.saveError }}
      toPayload={sessionEditBody}
      confirmSave={sessionSaveConfirmation}
    >
      {(form, session) => <SessionEditTabs form={form} session={session} />}
    </EditPage>
  );
}
