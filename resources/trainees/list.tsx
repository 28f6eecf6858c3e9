import { ResourceList } from "../../src/components/ResourceList";
import { traineeColumns, TraineeDetail } from "./fields";
import { TRAINEE_MSG, traineeFullName, type Trainee } from "./schema";

export default function TraineeList() {
  return (
    <ResourceList<Trainee>
      resource="trainees"
      title="Stagiaires"
      createLabel="Ajouter un stagiaire"
      searchPlaceholder="Rechercher par nom, prénom, NIR ou e-mail"
      emptyText="Aucun stagiaire disponible"
      searchFailedText={TRAINEE_MSG.searchFailed}
      columns={traineeColumns}
      rowLabel={traineeFullName}
      detail={{
        title: traineeFullName,
        notFoundMessage: TRAINEE_MSG.notFound,
        errorMessage: TRAINEE_MSG.showFailed,
        render: (trainee) => <TraineeDetail trainee={trainee} />,
      }}
      deleteQuestion={(trainee) => (
        <>
          Voulez-vous vraiment supprimer le stagiaire <b>{traineeFullName(trainee)}</b> ?
        </>
      )}
    />
  );
}
