import { useCustomMutation, useNotification, type BaseRecord, type HttpError } from "@refinedev/core";
import { SUPERVISION_TEXTS } from "./texts";

/**
 * A POST of the supervision API that confirms with a notification, runs `after` (closing its modal) and refreshes the screen. A
 * refusal 409 (« déjà réglé ») or 404 does too: the row it acted on has changed under the operator, there is nothing left to
 * act on, and the screen should show what is now true. Another refusal leaves the modal open to try again.
 */
export function useSupervisionAction(onDone: () => void) {
  const { open } = useNotification();
  const { mutate, mutation } = useCustomMutation<BaseRecord, HttpError>();
  const run = (url: string, success: string, values: object = {}, after?: () => void) =>
    mutate(
      { url, method: "post", values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          open?.({ type: "success", message: success });
          after?.();
          onDone();
        },
        onError: (error) => {
          open?.({ type: "error", message: error.message || SUPERVISION_TEXTS.actionFailed });
          if (error.statusCode !== 404 && error.statusCode !== 409) return;
          after?.();
          onDone();
        },
      },
    );
  return { run, pending: mutation.isPending, target: (mutation.variables?.url as string | undefined) ?? null };
}
