import { EditPage } from "../../src/components/EditPage";
import { TraineeFields } from "./fields";
import { TRAINEE_MSG, traineeEditSchema, traineeFullName, type Trainee, type TraineeEditValues, type TraineeInput } from "./schema";

const toFormValues = (t: Trainee): TraineeInput => ({
  firstName: t.firstName,
  lastName: t.lastName,
  birthName: t.birthName,
  email: t.email,
  phoneNumber: t.phoneNumber ?? "",
  gender: t.gender,
  ssn: t.ssn,
  birthDate: t.birthDate,
  address: { ...t.address },
  department: t.department,
  situation: t.situation,
  // Spec: false by default on edit.
  bornInFrance: t.bornInFrance ?? false,
});

export default function TraineeEdit() {
  return (
    <EditPage<Trainee, TraineeInput, TraineeEditValues>
      resource="trainees"
      listPath="/trainees"
      heading={(t) => `Modification du stagiaire ${traineeFullName(t)}`}
      schema={traineeEditSchema}
      toFormValues={toFormValues}
      // The NIR is shown, never sent: it cannot change.
      toPayload={({ ssn: _ssn, ...values }) => values}
      // On 409 the API's own message: "Ce mail est déjà utilisé pour un autre stagiaire."
      messages={{ conflictFromApi: true, failed: TRAINEE_MSG.saveFailed }}
    >
      {(form) => <TraineeFields form={form} ssnLocked />}
    </EditPage>
  );
}
