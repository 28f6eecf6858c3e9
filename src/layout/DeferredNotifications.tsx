/**
 * Mantine's notification stack, downloaded when the first notification is shown: /login and most screens never show one,
 * and the stack (with its transitions) would weigh on the first load. Notifications shown before it arrives wait in
 * Mantine's store and appear with it.
 */
import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

const NotificationStack = lazy(() => import("./NotificationStack"));

export function DeferredNotifications() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  ) : null;
}
