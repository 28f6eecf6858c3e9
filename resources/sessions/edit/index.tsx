/**
 * /sessions/{sid}/edit (spec part 2 §2): the training's name and the session's dates as heading, the tabs 'Informations',
 * 'Bilan' and 'Documents' in the URL (`?tab=bilan`: linkable, kept on reload) over one form, Annuler / Sauvegarder back to
 * /sessions (EditPage); the saved session is read again (Refine invalidates it), a refusal shows the spec's message and the
 * API's field errors on their fields, on the tab holding them.
 */
import { ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconClipboardCheck, IconFiles, IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useFormState, type UseFormReturn } from "react-hook-form";
import { EditPage } from "../../../src/components/EditPage";
import { UrlTabs, useUrlTab, type UrlTab } from "../../../src/components/UrlTabs";
import { formatDate } from "../../../src/lib/format";
import { sessionsDescriptor } from "../descriptor";
import { InformationFields } from "../InformationFields";
import { SESSION_MSG, type Session } from "../schema";
import { BilanTab } from "./BilanTab";
import { DocumentsTab } from "./DocumentsTab";
import { sessionEditBody, sessionEditSchema, sessionToFormValues, type SessionEditOutput, type SessionEditValues } from "./form-values";

/** The tab values shown in the URL. */
type Tab = "informations" | "bilan" | "documents";

export const SESSION_EDIT_TEXTS = {
  heading: (session: Session) => `Modification de la session ${session.training.information.name}`,
  period: (session: Session) => `Du ${formatDate(session.information.startDate)} au ${formatDate(session.information.endDate)}`,
  tabs: "Sections de la session",
  invalidTab: "Champs en erreur",
} as const;

const errorMark = (
  <ThemeIcon color="red" variant="light" size="xs" radius="xl" aria-label={SESSION_EDIT_TEXTS.invalidTab}>
    <IconAlertCircle size={12} />
  </ThemeIcon>
);

function SessionEditTabs({ form, session }: { form: UseFormReturn<SessionEditValues, unknown, SessionEditOutput>; session: Session }) {
  const { errors, submitCount } = useFormState({ control: form.control });
  const invalid: Record<Tab, boolean> = { informations: Boolean(errors.information), bilan: Boolean(errors.result), documents: Boolean(errors.medias) };
  const tab = (value: Tab, label: string, icon: React.ReactNode, content: React.ReactNode): UrlTab & { value: Tab } => ({
    value,
    label,
    icon,
    rightSection: invalid[value] ? errorMark : undefined,
    content,
  });
  const tabs = [
    tab("informations", "Informations", <IconInfoCircle size={16} />, <InformationFields control={form.control} trigger={form.trigger} />),
    tab("bilan", "Bilan", <IconClipboardCheck size={16} />, <BilanTab form={form} session={session} />),
    tab("documents", "Documents", <IconFiles size={16} />, <DocumentsTab form={form} session={session} />),
  ];
  const { active, select } = useUrlTab(tabs);
  // A refused save shows the tab holding the errors.
  useEffect(() => {
    if (submitCount > 0 && !invalid[active as Tab]) {
      const other = tabs.find((candidate) => invalid[candidate.value]);
      if (other) select(other.value);
    }
    // Only a new submission decides; typing must not move the user between tabs.
  }, [submitCount]); // eslint-disable-line react-hooks/exhaustive-deps
  // The panels stay mounted (UrlTabs' default): the one form keeps every field and its validation whichever tab is shown.
  return <UrlTabs tabs={tabs} label={SESSION_EDIT_TEXTS.tabs} />;
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
    >
      {(form, session) => <SessionEditTabs form={form} session={session} />}
    </EditPage>
  );
}
