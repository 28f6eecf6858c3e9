/**
 * What the create wizard and the edit page do around a save: pending flag, French success notice and return to the list,
 * or the API's field errors on their fields plus the screen's 409 / failure message (form-errors.ts).
 *
 *   const flow = useSaveFlow(form.setError, messages, { message: "Modifications enregistrées", navigateTo: "/employees" });
 *   flow.begin(); mutate({ … }, flow.callbacks);   → flow.isPending, flow.error
 *
 * `beforeLeave` runs once saved, just before the return to the list (a form's leave guard lets that navigation through).
 */
import { useNotification, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { useNavigate } from "react-router";
import { applyServerErrors, saveError, type SaveError, type SaveMessages } from "./form-errors";

export function useSaveFlow<T extends FieldValues>(
  setFieldError: UseFormSetError<T>,
  messages: SaveMessages,
  success: { message: string; navigateTo: string; beforeLeave?: () => void },
) {
  const navigate = useNavigate();
  const { open } = useNotification();
  const [error, setError] = useState<SaveError | null>(null);
  // Refine 5.0's typings and its run-time shape differ on the mutations' pending flag: tracked here instead.
  const [isPending, setPending] = useState(false);
  return {
    error,
    isPending,
    begin() {
      setError(null);
      setPending(true);
    },
    callbacks: {
      onSettled: () => setPending(false),
      onSuccess: () => {
        open?.({ type: "success", message: success.message });
        success.beforeLeave?.();
        navigate(success.navigateTo);
      },
      onError: (failure: HttpError) => {
        applyServerErrors(setFieldError, failure);
        const shown = saveError(failure, messages);
        setError(shown);
        open?.({ type: "error", message: shown.message, description: shown.detail });
      },
    },
  };
}
