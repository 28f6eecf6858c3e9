/**
 * The Bilan tab's mail to the funding authority (design.md "Background work"): each delivery of a validated bilan's mail — sent
 * (« E-mail envoyé le … à … »), waiting for its next try (« Envoi en attente (nouvel essai à HH:mm) ») or failed (« Échec de
 * l'envoi : … ») — newest first, who asked a re-send, and « Renvoyer l'e-mail » for admins and resp-cdc (the server decides too).
 */
import { Alert, Button, Group, List, Text } from "@mantine/core";
import { useCan, useCustom, useCustomMutation, useNotification, type HttpError } from "@refinedev/core";
import { IconMail, IconMailForward } from "@tabler/icons-react";
import { formatDate } from "../../../src/lib/format";
import { BILAN_MAIL_MSG, type BilanMail } from "../bilan-mails";
import { InlineLoader } from "../../../src/components/InlineLoader";

const clock = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Paris" });
const at = (instant: string) => clock.format(new Date(instant));

export const BILAN_MAIL_TEXTS = {
  sent: (instant: string) => `E-mail envoyé le ${formatDate(instant)} à ${at(instant)}`,
  waiting: (next: string) => `Envoi en attente (nouvel essai à ${at(next)})`,
  sending: "Envoi en cours",
  failed: (reason: string) => `Échec de l'envoi : ${reason}`,
  resentBy: (name: string, instant: string) => `renvoi demandé par ${name} le ${formatDate(instant)} à ${at(instant)}`,
  none: "Aucun envoi enregistré pour ce bilan.",
} as const;

/** One delivery as a line of text. */
export function bilanMailLine(mail: BilanMail): string {
  const t = BILAN_MAIL_TEXTS;
  const state =
    mail.state === "done" && mail.sentAt
      ? t.sent(mail.sentAt)
      : mail.state === "failed"
        ? t.failed(mail.lastError ?? "")
        : mail.nextAttemptAt
          ? t.waiting(mail.nextAttemptAt)
          : t.sending;
  return mail.requestedBy ? `${state} (${t.resentBy(mail.requestedBy.name, mail.createdAt)})` : state;
}

export function BilanMailStatus({ sessionId }: { sessionId: string }) {
  const canResend = useCan({ resource: "sessions", action: "resendBilanMail" }).data?.can ?? false;
  const { open } = useNotification();
  const { query } = useCustom<BilanMail[], HttpError>({
    url: `/sessions/${sessionId}/bilan-mails`,
    method: "get",
    errorNotification: false,
    // While a delivery waits, its state is read again now and then.
    queryOptions: { refetchInterval: (q) => ((q.state.data?.data ?? []).some((m) => m.state === "pending" || m.state === "active") ? 15_000 : false) },
  });
  const { mutate, mutation } = useCustomMutation<BilanMail[], HttpError>();
  const mails = query.data?.data ?? [];
  const waiting = mails.some((m) => m.state === "pending" || m.state === "active");

  const resend = () =>
    mutate(
      { url: `/sessions/${sessionId}/bilan-mails`, method: "post", values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          open?.({ type: "success", message: BILAN_MAIL_MSG.resent });
          void query.refetch();
        },
        onError: (error) => open?.({ type: "error", message: error.message }),
      },
    );

  if (query.isPending) return <InlineLoader label={BILAN_MAIL_MSG.title} />;
  return (
    <Alert color="gray" icon={<IconMail size={18} />} title={BILAN_MAIL_MSG.title} data-testid="bilan-mail">
      {query.error ? (
        <Text size="sm" role="alert">
          {BILAN_MAIL_MSG.loadError}
        </Text>
      ) : mails.length === 0 ? (
        <Text size="sm">{BILAN_MAIL_TEXTS.none}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {mails.map((mail) => (
            <List.Item key={mail.id} data-mail-state={mail.state}>
              {bilanMailLine(mail)}
            </List.Item>
          ))}
        </List>
      )}
      {canResend && !waiting && (
        <Group mt="sm">
          <Button size="xs" variant="default" leftSection={<IconMailForward size={16} />} onClick={resend} loading={mutation.isPending}>
            {BILAN_MAIL_MSG.resend}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
