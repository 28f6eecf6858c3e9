/**
 * A changed form asks before it is left (design.md "UI conventions"): a navigation of the application to another page (a link,
 * the menu, « Annuler ») is held and « Quitter sans enregistrer ? » asks whether to go; closing or reloading the browser tab
 * gets the browser's own question (beforeunload). A change of tab or query on the same page is not leaving it. A successful
 * save releases the guard before it navigates away.
 *
 *   const guard = useLeaveGuard(form.formState.isDirty);
 *   onSuccess: () => { guard.release(); navigate("/sessions"); }
 *   return <>{…}{guard.dialog}</>;
 *
 * react-router's useBlocker needs its data router, whose code would add 17 kB (gzip) to /login, over its budget (issue 11): the
 * guard holds the router's own navigator instead (its push / replace / go, through which every Link and navigate() goes), as
 * @refinedev/react-router's UnsavedChangesNotifier does. The browser's Back button is not held (the page changes with it).
 */
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_NavigationContext, type To } from "react-router";

export const LEAVE_GUARD_TEXTS = {
  title: "Quitter sans enregistrer ?",
  body: "Les modifications de ce formulaire n'ont pas été enregistrées : elles seront perdues si vous quittez la page.",
  stay: "Rester sur la page",
  leave: "Quitter sans enregistrer",
} as const;

/** Whether a navigation to `to` stays on this page (another tab or query of it). */
const staysOnPage = (to: To) => {
  const pathname = typeof to === "string" ? new URL(to, window.location.href).pathname : to.pathname;
  return pathname === undefined || pathname === window.location.pathname;
};

export function useLeaveGuard(changed: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  // Set by a save that succeeded: its own navigation away must go through (the form is still "changed" until it unmounts).
  const released = useRef(false);
  // The navigation held while the question is asked.
  const [held, setHeld] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!changed) return;
    const { push, replace, go } = navigator;
    const hold =
      <A extends unknown[]>(navigate: (...args: A) => void, leaves: (...args: A) => boolean) =>
      (...args: A) => {
        if (released.current || !leaves(...args)) return navigate(...args);
        setHeld(() => () => navigate(...args));
      };
    navigator.push = hold(push, (to) => !staysOnPage(to));
    navigator.replace = hold(replace, (to) => !staysOnPage(to));
    navigator.go = hold(go, (delta) => delta !== 0);
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => {
      Object.assign(navigator, { push, replace, go });
      window.removeEventListener("beforeunload", ask);
    };
  }, [changed, navigator]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const stay = () => setHeld(null);
  const leave = () => {
    released.current = true;
    setHeld(null);
    held?.();
  };
  const dialog = (
    <Modal opened={held !== null} onClose={stay} size="md" centered title={<Text fw={700}>{LEAVE_GUARD_TEXTS.title}</Text>}>
      <Stack gap="md">
        <Text size="sm">{LEAVE_GUARD_TEXTS.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={stay} data-autofocus>
            {LEAVE_GUARD_TEXTS.stay}
          </Button>
          <Button color="red" onClick={leave}>
            {LEAVE_GUARD_TEXTS.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { dialog, release };
}
