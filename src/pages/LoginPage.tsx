import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useInvalidateAuthStore, useLogin } from "@refinedev/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { hasSession, type LoginParams } from "../../providers/auth-provider";
import { loginSchema, type LoginInput } from "../../resources/auth/schema";
import { COLORS } from "../theme";
import { AuthCard } from "./AuthCard";
import { callbackPath } from "./callback";

export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = callbackPath(location.state, location.search);
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [error, setError] = useState<string | null>(null);
  const invalidateAuthStore = useInvalidateAuthStore();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    mode: "onChange",
    defaultValues: { email: "", password: "", longTTL: false },
  });
  // The result is handled here rather than by Refine's default (an English notification): errors show in the card.
  const { mutate: login, isPending } = useLogin<LoginParams>({
    mutationOptions: {
      onSuccess: async (result) => {
        if (!result.success) {
          setError(result.error?.message ?? null);
          return;
        }
        await invalidateAuthStore();
        navigate(target, { replace: true });
      },
    },
  });

  if (hasSession() && !isPending) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Connexion">
      <form noValidate onSubmit={handleSubmit((values) => { setError(null); login(values); })}>
        <Stack spacing="md">
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
            error={errors.email?.message}
            {...register("email")}
          />
          <PasswordInput
            label="Mot de passe"
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message}
            {...register("password")}
          />
          <Group position="apart" noWrap>
            <Checkbox label="Se souvenir de moi" size="sm" styles={{ label: { whiteSpace: "nowrap", paddingLeft: 8 } }} {...register("longTTL")} />
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
