import { ShowPage } from "../../src/components/ShowPage";
import { TraineeDetail } from "./fields";
import { traineeFullName, type Trainee } from "./schema";

export default function TraineeShow() {
  return (
    <ShowPage<Trainee>
      resource="trainees"
      listPath="/trainees"
      listLabel="Stagiaires"
      title={traineeFullName}
      render={(trainee) => <TraineeDetail trainee={trainee} />}
      deleteQuestion={(trainee) => (
        <>
          Voulez-vous vraiment supprimer le stagiaire <b>{traineeFullName(trainee)}</b> ?
        </>
      )}
    />
  );
}
