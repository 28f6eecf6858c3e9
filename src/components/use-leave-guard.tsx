/**
 * A changed form asks before it is left (design.md "UI conventions"): an in-app navigation to another page (a link, the menu,
 * « Annuler », Back) is held by react-router's blocker and « Quitter sans enregistrer ? » asks whether to go; closing or
 * reloading the browser tab gets the browser's own question (beforeunload). A change of tab or query on the same page is not
 * leaving it. A successful save releases the guard before it navigates away.
 *
 *   const guard = useLeaveGuard(form.formState.isDirty);
 *   onSuccess: () => { guard.release(); navigate("/sessions"); }
 *   return <>{…}{guard.dialog}</>;
 */
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

export const LEAVE_GUARD_TEXTS = {
  title: "Quitter sans enregistrer ?",
  body: "Les modifications de ce formulaire n'ont pas été enregistrées : elles seront perdues si vous quittez la page.",
  stay: "Rester sur la page",
  leave: "Quitter sans enregistrer",
} as const;

export function useLeaveGuard(changed: boolean) {
  // Set by a save that succeeded: its own navigation away must go through (the form is still "changed" until it unmounts).
  const released = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => changed && !released.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!changed) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [changed]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const blocked = blocker.state === "blocked";
  const stay = () => blocker.reset?.();
  const dialog = (
    <Modal opened={blocked} onClose={stay} size="md" centered title={<Text weight={700}>{LEAVE_GUARD_TEXTS.title}</Text>} closeButtonLabel="Fermer">
      <Stack spacing="md">
        <Text size="sm">{LEAVE_GUARD_TEXTS.body}</Text>
        <Group position="right" spacing="sm">
          <Button variant="default" onClick={stay} data-autofocus>
            {LEAVE_GUARD_TEXTS.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {LEAVE_GUARD_TEXTS.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { dialog, release };
}
