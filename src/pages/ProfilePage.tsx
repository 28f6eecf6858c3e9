/**
 * /profile, the signed-in employee's own page (issue 25): whether they receive the « À traiter » digest each working morning.
 * Their choice alone (GET/PUT /api/users/me/digest): nobody else sets it.
 */
import { Alert, Checkbox, Paper, Stack, Text } from "@mantine/core";
import { useCustom, useCustomMutation, useNotification, type HttpError } from "@refinedev/core";
import { DIGEST_TEXTS, type DigestPreference } from "../../resources/todo/schema";
import { PageTitle } from "../components/PageTitle";
import { InlineLoader } from "../components/InlineLoader";

const LOAD_ERROR = "Votre profil n'a pas pu être chargé.";

export default function ProfilePage() {
  const { open } = useNotification();
  const { query } = useCustom<DigestPreference, HttpError>({ url: "/users/me/digest", method: "get", errorNotification: false });
  const { mutate, mutation } = useCustomMutation<DigestPreference, HttpError>();
  const preference = query.data?.data;

  const choose = (dailyDigest: boolean) =>
    mutate(
      { url: "/users/me/digest", method: "put", values: { dailyDigest }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          open?.({ type: "success", message: DIGEST_TEXTS.saved });
          void query.refetch();
        },
        onError: (error) => open?.({ type: "error", message: error.message }),
      },
    );

  return (
    <Stack gap="lg">
      <PageTitle>{DIGEST_TEXTS.profileTitle}</PageTitle>
      <Paper withBorder radius="md" p="md">
        {query.isPending ? (
          <InlineLoader label={DIGEST_TEXTS.profileTitle} />
        ) : query.error || !preference ? (
          <Alert color="red" role="alert">
            {LOAD_ERROR}
          </Alert>
        ) : (
          <Stack gap={4}>
            <Checkbox
              label={DIGEST_TEXTS.label}
              checked={preference.dailyDigest}
              disabled={mutation.isPending}
              onChange={(event) => choose(event.currentTarget.checked)}
            />
            <Text size="sm" c="dimmed" pl={32}>
              {DIGEST_TEXTS.description}
            </Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
