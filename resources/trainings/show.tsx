import { ShowPage } from "../../src/components/ShowPage";
import { trainingsDescriptor } from "./descriptor";
import type { Training } from "./schema";
import { TrainingSummary } from "./TrainingSummary";

export default function TrainingShow() {
  return (
    <ShowPage<Training>
      resource={trainingsDescriptor}
      render={(t) => <TrainingSummary training={t} />}
      deleteQuestion={(t) => (
        <>
          Voulez-vous vraiment supprimer la formation <b>{t.information.name}</b> ?
        </>
      )}
    />
  );
}
