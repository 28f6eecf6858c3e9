import { Button, Center, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconLock, IconMapOff, type TablerIcon } from "@tabler/icons-react";
import { Link } from "react-router";
import { PageTitle } from "../components/PageTitle";
import { COLORS } from "../theme";

/** Texts of the error pages, verbatim from spec part 1 "Landing and guards". */
export const ERROR_TEXTS = {
  restricted: "L'accès à cette page vous est restreint.",
  notFound: "Cette page est introuvable.",
  unknown: "Une erreur s'est produite.",
  backHome: "Retour à l'accueil",
} as const;

function ErrorPage({ icon: PageIcon, text, code, fullScreen }: { icon: TablerIcon; text: string; code: string; fullScreen?: boolean }) {
  return (
    <Center style={{ minHeight: fullScreen ? "100vh" : "60vh" }} px="md">
      <Stack align="center" gap="md" style={{ maxWidth: 420, textAlign: "center" }}>
        <ThemeIcon size={72} radius={36} variant="light" color={COLORS.primary}>
          <PageIcon size={38} stroke={1.6} />
        </ThemeIcon>
        <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: 1 }}>
          {code}
        </Text>
        <PageTitle size="h3">{text}</PageTitle>
        <Button component={Link} to="/" size="md" mt="sm">
          {ERROR_TEXTS.backHome}
        </Button>
      </Stack>
    </Center>
  );
}

export const RestrictedPage = () => <ErrorPage icon={IconLock} code="Accès restreint" text={ERROR_TEXTS.restricted} />;

export const NotFoundPage = () => <ErrorPage icon={IconMapOff} code="Erreur 404" text={ERROR_TEXTS.notFound} />;

/** Also used outside the layout (the profile could not be loaded), hence full screen there. */
export const UnknownErrorPage = ({ fullScreen = false }: { fullScreen?: boolean }) => (
  <ErrorPage icon={IconAlertTriangle} code="Erreur" text={ERROR_TEXTS.unknown} fullScreen={fullScreen} />
);
