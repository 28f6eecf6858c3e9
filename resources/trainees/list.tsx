import { ResourceList } from "../../src/components/ResourceList";
import { traineesDescriptor } from "./descriptor";
import { traineeFilterFields } from "./list-filters";
import { traineeListQuery } from "./list-query";
import { traineeColumns, TraineeDetail } from "./fields";
import { TRAINEE_MSG, type Trainee, type TraineeListItem } from "./schema";

export default function TraineeList() {
  return (
    <ResourceList<TraineeListItem, Trainee>
      resource={traineesDescriptor}
      searchPlaceholder="Rechercher par nom, prénom, NIR ou e-mail"
      emptyText="Aucun stagiaire disponible"
      searchFailedText={TRAINEE_MSG.searchFailed}
      columns={traineeColumns}
      filterFields={traineeFilterFields}
      query={traineeListQuery}
      detail={{
        notFoundMessage: TRAINEE_MSG.notFound,
        errorMessage: TRAINEE_MSG.showFailed,
        render: (trainee) => <TraineeDetail trainee={trainee} />,
      }}
    />
  );
}
