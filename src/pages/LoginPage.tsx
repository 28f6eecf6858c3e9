import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { authProvider, hasSession } from "../../providers/auth-provider";
import { emailError, passwordError } from "../../resources/auth/rules";
import { COLORS } from "../theme";
import { AuthCard } from "./AuthCard";
import { callbackPath } from "./callback";

type Field = "email" | "password";
const FIELDS: readonly Field[] = ["email", "password"];
const CHECK: Record<Field, (value: string) => string | undefined> = { email: emailError, password: passwordError };

/**
 * Two fields checked by resources/auth/rules.ts rather than react-hook-form and zod: /login then downloads neither (issue 11).
 * The API checks the same rules again with the zod schema built from them.
 */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = callbackPath(location.state, location.search);
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: "", password: "" });
  const [longTTL, setLongTTL] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // Each change checks its own field again, so a message appears or goes as the user types.
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: CHECK[field](value) }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailError(values.email), password: passwordError(values.password) };
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }
    setError(null);
    void login();
  };
  // The auth provider called directly, not through Refine's useLogin: /login does not download Refine (issue 37); the app
  // behind it starts with the new session. Errors show in the card.
  const login = async () => {
    setPending(true);
    const result = await authProvider.login({ email: values.email.trim(), password: values.password, longTTL });
    setPending(false);
    if (!result.success) {
      setError(result.error?.message ?? null);
      return;
    }
    navigate(target, { replace: true });
  };

  if (hasSession() && !isPending) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Connexion">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {notice && (
            <Alert color={COLORS.success} icon={<IconCircleCheck size={18} />} role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            placeholder="prenom.nom@exemple.fr"
            withAsterisk
            error={errors.email}
            ref={inputs.email}
            value={values.email}
            onChange={change("email")}
          />
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            withAsterisk
            error={errors.password}
            ref={inputs.password}
            value={values.password}
            onChange={change("password")}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox label="Se souvenir de moi" size="sm" styles={{ label: { whiteSpace: "nowrap", paddingLeft: 8 } }}
              checked={longTTL}
              onChange={(event) => setLongTTL(event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/reset-password" size="sm" style={{ whiteSpace: "nowrap" }}>
              Mot de passe oublié ?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={isPending}>
            Se connecter
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
