/**
 * /reset-password: without `t`, the request form (e-mail); with `t` (the e-mail's link), the new-password form.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { requestPasswordReset, resetFailureMessage, resetPassword } from "../../providers/auth-provider";
import { AUTH_MSG, newPasswordSchema, resetRequestSchema } from "../../resources/auth/schema";
import { COLORS } from "../theme";
import { AuthCard } from "./AuthCard";

export const RESET_TEXTS = {
  requestSent:
    "Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de vous être envoyé. Ce lien est valable 30 minutes.",
  passwordChanged: "Votre mot de passe a été modifié. Vous pouvez vous connecter avec votre nouveau mot de passe.",
  newLink: "Demander un nouveau lien",
} as const;

const BackToLogin = () => (
  <Text ta="center" size="sm">
    <Anchor component={Link} to="/login">
      Retour à la connexion
    </Anchor>
  </Text>
);

const ErrorAlert = ({ message }: { message: string }) => (
  <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
    {message}
  </Alert>
);

function RequestForm() {
  const [status, setStatus] = useState<"idle" | "sent" | "failed">("idle");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetRequestSchema>, unknown, z.output<typeof resetRequestSchema>>({
    resolver: zodResolver(resetRequestSchema),
    mode: "onChange",
    defaultValues: { email: "" },
  });
  const submit = handleSubmit(async ({ email }) => {
    setStatus("idle");
    try {
      await requestPasswordReset(email);
      setStatus("sent");
    } catch {
      setStatus("failed");
    }
  });

  return (
    <AuthCard title="Mot de passe oublié">
      {status === "sent" ? (
        <Stack gap="md">
          <Alert color={COLORS.success} icon={<IconMailCheck size={18} />} role="status">
            {RESET_TEXTS.requestSent}
          </Alert>
          <BackToLogin />
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Saisissez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.
            </Text>
            {status === "failed" && <ErrorAlert message={AUTH_MSG.resetRequestFailed} />}
            <TextInput label="E-mail" type="email" autoComplete="username" withAsterisk error={errors.email?.message} {...register("email")} />
            <Button type="submit" fullWidth size="md" loading={isSubmitting}>
              Envoyer le lien
            </Button>
            <BackToLogin />
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof newPasswordSchema>, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    mode: "onChange",
    defaultValues: { password: "", confirmation: "" },
  });
  // The confirmation is checked again whenever the password changes, once the user has typed one.
  const passwordField = register("password", {
    onChange: () => {
      if (getValues("confirmation")) void trigger("confirmation");
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(values.password, token);
      navigate("/login", { replace: true, state: { notice: RESET_TEXTS.passwordChanged } });
    } catch (error) {
      setFailure(resetFailureMessage(error));
    }
  });

  return (
    <AuthCard title="Nouveau mot de passe">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Au moins 8 caractères, dont une minuscule, une majuscule, un chiffre et un symbole.
          </Text>
          {failure && <ErrorAlert message={failure} />}
          {failure === AUTH_MSG.resetLinkInvalid && (
            <Text ta="center" size="sm">
              <Anchor component={Link} to="/reset-password">
                {RESET_TEXTS.newLink}
              </Anchor>
            </Text>
          )}
          <PasswordInput
            label="Nouveau mot de passe"
            autoComplete="new-password"
            withAsterisk
            error={errors.password?.message}
            {...passwordField}
          />
          <PasswordInput
            label="Confirmation du mot de passe"
            autoComplete="new-password"
            withAsterisk
            error={errors.confirmation?.message}
            {...register("confirmation")}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            Valider le nouveau mot de passe
          </Button>
          <BackToLogin />
        </Stack>
      </form>
    </AuthCard>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("t");
  return token ? <NewPasswordForm token={token} /> : <RequestForm />;
}
