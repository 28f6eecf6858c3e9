/** Mantine's notification stack, in a chunk of its own (DeferredNotifications loads it when the first notification comes). */
import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

export default function NotificationStack() {
  return <Notifications position="top-right" zIndex={2000} />;
}
