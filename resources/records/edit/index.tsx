/**
 * /records/{rid}/edit (spec part 2 §2, §5, §8): the entry/exit information of a record, with its training's display rules
 * (EntryFields). 'Annuler' and 'Sauvegarder' go back to /records; the PATCH carries the version read, and a change saved
 * meanwhile answers 409 with the API's French message; any other failure 'Une erreur est survenue lors de la sauvegarde'.
 */
import { EditPage } from "../../../src/components/EditPage";
import { recordsDescriptor } from "../descriptor";
import { RECORD_MSG, type TrainingRecord } from "../schema";
import { EntryFields } from "./EntryFields";
import { recordEditBody, recordEditSchema, recordToFormValues, type RecordEditOutput, type RecordEditValues } from "./form";
import { recordSubheading } from "./heading";

export default function RecordEdit() {
  return (
    <EditPage<TrainingRecord, RecordEditValues, RecordEditOutput>
      resource={recordsDescriptor}
      subheading={recordSubheading}
      schema={recordEditSchema}
      toFormValues={recordToFormValues}
      messages={{ failed: RECORD_MSG.saveError, conflictFromApi: true }}
      toPayload={recordEditBody}
    >
      {(form, record) => <EntryFields form={form} record={record} />}
    </EditPage>
  );
}
