/**
 * Mantine's notification stack, downloaded when the first notification is shown: /login and most screens never show one,
 * and the stack (with its transitions) would weigh on the first load. Notifications shown before it arrives wait in
 * Mantine's store and appear with it.
 */
import "@mantine/notifications/styles.css";
import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const Notifications = lazy(() => import("@mantine/notifications").then((module) => ({ default: module.Notifications })));

export function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={2000} />
    </Suspense>
  ) : null;
}
