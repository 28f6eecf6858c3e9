import { ShowPage } from "../../src/components/ShowPage";
import type { Training } from "./schema";
import { TrainingSummary } from "./TrainingSummary";

export default function TrainingShow() {
  return (
    <ShowPage<Training>
      resource="trainings"
      listPath="/trainings"
      listLabel="Formations"
      title={(t) => `${t.information.number} – ${t.information.name}`}
      render={(t) => <TrainingSummary training={t} />}
      deleteQuestion={(t) => (
        <>
          Voulez-vous vraiment supprimer la formation <b>{t.information.name}</b> ?
        </>
      )}
    />
  );
}
