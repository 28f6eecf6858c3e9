import { Button } from "@mantine/core";
import { IconArrowsExchange, IconCloudUpload } from "@tabler/icons-react";
import { ShowPage } from "../../src/components/ShowPage";
import { recordsDescriptor } from "./descriptor";
import type { TrainingRecord } from "./api-answers";
import { RecordDetailWithChecks } from "./RecordQuality";
import { RECORD_ACTION_TEXTS, useRecordActions } from "./use-record-actions";

/**
 * /records/{rid}: the checks before a push to AGORA and the detail, with the status change, 'Mise à jour Agora', 'Remplir le FSE'
 * and 'Remplir le bilan' when the role and the status allow them.
 */
export default function RecordShow() {
  const actions = useRecordActions();
  return (
    <>
      <ShowPage<TrainingRecord>
        resource={recordsDescriptor}
        render={(record) => <RecordDetailWithChecks record={record} />}
        actions={(record) => (
          <>
            {actions.show.status(record) && (
              <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => actions.openStatus(record.id)}>
                {RECORD_ACTION_TEXTS.changeStatus}
              </Button>
            )}
            {actions.show.repush(record) && (
              <Button variant="default" leftSection={<IconCloudUpload size={16} />} onClick={() => actions.openRepush(record.id)}>
                {RECORD_ACTION_TEXTS.repush}
              </Button>
            )}
            {actions.fseButton(record)}
            {actions.bilanButton(record)}
          </>
        )}
      />
      {actions.modals}
    </>
  );
}
