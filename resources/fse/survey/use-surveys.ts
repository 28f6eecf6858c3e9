/**
 * The survey screen's data (spec part 2 §7 "Survey (FSE)"): the record (header, training's fse flag) and its surveys
 * (GET /api/recordFse/{recordId}), and the save of one period's survey: POST /api/recordFse when the period has none yet,
 * PATCH /api/recordFse/{recordFseId} otherwise. Errors are left to the screen (spec §8: the save's is a banner, no toast).
 */
import { useCustom, useCustomMutation, useInvalidate, useOne, type HttpError } from "@refinedev/core";
import type { TrainingRecord } from "../../records/schema";
import type { FseCreateBodyInput, FseInformation, FsePatchBodyInput, RecordFse } from "../schema";

export function useRecordSurveys(recordId: string) {
  const record = useOne<TrainingRecord, HttpError>({ resource: "records", id: recordId, errorNotification: false });
  const surveys = useCustom<RecordFse[], HttpError>({
    url: `/recordFse/${recordId}`,
    method: "get",
    errorNotification: false,
  });
  const failure = record.query.error ?? surveys.query.error ?? null;
  return {
    record: record.result,
    surveys: surveys.result?.data,
    loading: record.query.isPending || surveys.query.isPending,
    failure,
  };
}

type SaveBody = FseCreateBodyInput | FsePatchBodyInput;

export function useSaveSurvey(recordId: string, existing: RecordFse | undefined) {
  const { mutate, mutation } = useCustomMutation<RecordFse, HttpError, SaveBody>();
  const invalidate = useInvalidate();
  const save = (information: FseInformation, callbacks: { onSuccess: () => void; onError: (error: HttpError) => void }) =>
    mutate(
      {
        url: existing ? `/recordFse/${existing.id}` : "/recordFse",
        method: existing ? "patch" : "post",
        // The version read with the survey: a save made meanwhile by someone else is not overwritten (409).
        values: existing ? { information, version: existing.version } : { recordId, information },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          // The records list counts the surveys, the record page shows its last update.
          void invalidate({ resource: "records", invalidates: ["list", "detail"], id: recordId });
          callbacks.onSuccess();
        },
        onError: callbacks.onError,
      },
    );
  return { save, saving: mutation.isPending };
}
