import { useOnError, type HttpError } from "@refinedev/core";
import { useEffect } from "react";
import { SESSION_REFUSED, sessionRefusals } from "../../providers/data-provider";

/** The message of the 401 handed to Refine (not shown: the user is taken to the login page). */
const REFUSED: HttpError = { statusCode: 401, message: "Authentification requise" };

/**
 * While the user is signed in: the API's refusal of their token, seen by any call (apiFetch), signs them out through Refine's
 * own path (the auth provider's onError), as a failed list would. One listener for every call, whoever made it.
 */
export function useSessionRefusals() {
  const { mutate: onError } = useOnError();
  useEffect(() => {
    const signOut = () => onError(REFUSED);
    sessionRefusals.addEventListener(SESSION_REFUSED, signOut);
    return () => sessionRefusals.removeEventListener(SESSION_REFUSED, signOut);
  }, [onError]);
}
