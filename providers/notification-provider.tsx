/**
 * Refine's notifications shown with Mantine's: a success, an error, or something under way (`progress`: AGORA's answer
 * awaited), closing after 5 s, replaced in place when the same key comes again. Ours rather than @refinedev/mantine's, whose import would put that whole package (and the floating UI of
 * its components) in the entry chunk that /login downloads; mutations are pessimistic, so no undo countdown is needed.
 */
import { notifications } from "@mantine/notifications";
import type { NotificationProvider } from "@refinedev/core";
import { IconCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import { COLORS } from "../src/theme";

export function createNotificationProvider(): NotificationProvider {
  const shown = new Set<string>();
  return {
    open: ({ message, description, type, key }) => {
      const look = {
        color: type === "success" ? COLORS.primary : type === "progress" ? COLORS.warning : COLORS.danger,
        icon: type === "success" ? <IconCheck size={18} /> : type === "progress" ? <IconClockHour4 size={18} /> : <IconX size={18} />,
        message,
        title: description,
        autoClose: 5000,
      };
      if (key && shown.has(key)) {
        notifications.update({ id: key, ...look });
        return;
      }
      if (key) shown.add(key);
      notifications.show({ id: key, ...look, onClose: () => key && shown.delete(key) });
    },
    close: (key) => {
      shown.delete(key);
      notifications.hide(key);
    },
  };
}
