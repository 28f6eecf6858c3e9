/**
 * The record's own actions, per role (resources/permissions.ts) and state (status-transitions.ts): the row menu's entries of
 * the list and the buttons of the detail page, with the status and 'Mise à jour Agora' modals they open.
 */
import { Button } from "@mantine/core";
import { useCan } from "@refinedev/core";
import { IconArrowsExchange, IconClipboardText, IconCloudUpload, IconFileDescription } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { RowMenuItem } from "../../src/components/RowActionsMenu";
import type { Action } from "../permissions";
import type { RecordListItem } from "./api-answers";
import { RECORD_MSG } from "./messages";
import { RecordRepushModal } from "./RecordRepushModal";
import { RecordStatusModal } from "./RecordStatusModal";
import { canRepush, hasTransitions } from "./status-transitions";

export const RECORD_ACTION_TEXTS = {
  changeStatus: "Changer le statut",
  repush: RECORD_MSG.repushMenu,
  fillFse: "Remplir le FSE",
  fillBilan: "Remplir le bilan",
} as const;

const useAllowed = (action: Action) => useCan({ resource: "records", action }).data?.can ?? false;

type ActionRecord = Pick<RecordListItem, "id" | "status" | "session" | "pastClosingLimit">;

export function useRecordActions() {
  const navigate = useNavigate();
  const allowed = {
    status: useAllowed("changeStatus"),
    repush: useAllowed("repush"),
    fillFse: useAllowed("fillFse"),
    fillBilan: useAllowed("fillBilan"),
  };
  const [statusId, setStatusId] = useState<string | null>(null);
  const [repushId, setRepushId] = useState<string | null>(null);

  const show = {
    status: (r: ActionRecord) => allowed.status && hasTransitions(r.status),
    // Past the closing limit AGORA refuses everything (1047): the server says which records are.
    repush: (r: ActionRecord) => allowed.repush && canRepush(r.status) && !r.pastClosingLimit,
    fillFse: (r: ActionRecord) => allowed.fillFse && r.session.training.fse,
    fillBilan: () => allowed.fillBilan,
  };

  const menuItems = (r: ActionRecord): RowMenuItem[] => [
    ...(show.status(r) ? [{ label: RECORD_ACTION_TEXTS.changeStatus, icon: <IconArrowsExchange size={16} />, onClick: () => setStatusId(r.id) }] : []),
    ...(show.repush(r) ? [{ label: RECORD_ACTION_TEXTS.repush, icon: <IconCloudUpload size={16} />, onClick: () => setRepushId(r.id) }] : []),
    ...(show.fillFse(r)
      ? [{ label: RECORD_ACTION_TEXTS.fillFse, icon: <IconFileDescription size={16} />, onClick: () => navigate(`/records/${r.id}/fse`) }]
      : []),
    ...(show.fillBilan() ? [{ label: RECORD_ACTION_TEXTS.fillBilan, icon: <IconClipboardText size={16} />, onClick: () => navigate(`/records/${r.id}/bilan`) }] : []),
  ];

  /** The detail page's 'Remplir le FSE' and 'Remplir le bilan', under the row menu's rules: links, so that they open in a new tab too. */
  const fseButton = (r: ActionRecord) =>
    show.fillFse(r) && (
      <Button component={Link} to={`/records/${r.id}/fse`} variant="default" leftSection={<IconFileDescription size={16} />}>
        {RECORD_ACTION_TEXTS.fillFse}
      </Button>
    );
  const bilanButton = (r: ActionRecord) =>
    show.fillBilan() && (
      <Button component={Link} to={`/records/${r.id}/bilan`} variant="default" leftSection={<IconClipboardText size={16} />}>
        {RECORD_ACTION_TEXTS.fillBilan}
      </Button>
    );

  const modals = (
    <>
      <RecordStatusModal recordId={statusId} onClose={() => setStatusId(null)} />
      <RecordRepushModal recordId={repushId} onClose={() => setRepushId(null)} />
    </>
  );

  return { show, menuItems, fseButton, bilanButton, modals, openStatus: setStatusId, openRepush: setRepushId };
}
