import { EditPage } from "../../src/components/EditPage";
import { formValuesOf } from "../common/wire";
import { traineesDescriptor } from "./descriptor";
import { TraineeFields } from "./fields";
import { TRAINEE_MSG, traineeEditSchema, type Trainee, type TraineeEditValues, type TraineeInput } from "./schema";

export default function TraineeEdit() {
  return (
    <EditPage<Trainee, TraineeInput, TraineeEditValues>
      resource={traineesDescriptor}
      schema={traineeEditSchema}
      toFormValues={(trainee) => formValuesOf(traineeEditSchema, trainee)}
      // The NIR is shown, never sent: it cannot change.
      toPayload={({ ssn: _ssn, ...values }) => values}
      // On 409 the API's own message: "Ce mail est déjà utilisé pour un autre stagiaire."
      messages={{ conflictFromApi: true, failed: TRAINEE_MSG.saveFailed }}
    >
      {(form) => <TraineeFields form={form} ssnLocked />}
    </EditPage>
  );
}
