import { ShowPage } from "../../src/components/ShowPage";
import { traineesDescriptor } from "./descriptor";
import { TraineeDetail } from "./fields";
import type { Trainee } from "./schema";

export default function TraineeShow() {
  return (
    <ShowPage<Trainee>
      resource={traineesDescriptor}
      render={(trainee) => <TraineeDetail trainee={trainee} />}
    />
  );
}
