import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, LogIn } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { redirect, useNavigate, useSearchParams } from "react-router";
import type { UserDto } from "../../../shared/api-types";
import { LOGIN_REDIRECT_MS } from "../../../shared/limits";
import { type Login, loginSchema } from "../../../shared/schemas/login";
import { fieldA11y } from "../../components/forms/form-field";
import { SignInAlert, SignInPage } from "../../components/backoffice/sign-in-page";
import { useHydrated } from "../../lib/use-hydrated";
import { Button, buttonVariants } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { FieldError } from "../../components/ui/field-error";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ADMIN_KEYS } from "../../lib/admin-api";
import { ApiError, apiRequest } from "../../lib/api";
import { pageTitle } from "../../lib/seo";
import { toast } from "../../lib/toast";
import type { Route } from "./+types/login";

/**
 * An administrator who is already signed in goes straight to the panel; a merchant's
 * session stays here (the panel would send it back: a loop).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await context.currentUser())?.role === "admin") throw redirect("/admin");
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Acceso de administradores") },
  { name: "robots", content: "noindex, nofollow" },
];

/** Where /api/login sends people back when the external sign-in did not work. */
export const LOGIN_ERRORS: Record<string, string> = {
  sin_acceso: "Tu cuenta no tiene acceso al panel de administración",
  oidc_no_configurado: "El inicio de sesión con cuenta externa no está configurado",
  oidc_fallo: "No se pudo iniciar sesión con la cuenta externa",
};

export default function AdminLogin() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const externalError = LOGIN_ERRORS[searchParams.get("error") ?? ""];
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const login = useMutation({
    mutationFn: (data: Login) => apiRequest<UserDto>("POST", "/api/auth/login", data),
    onSuccess: (user) => {
      queryClient.setQueryData([ADMIN_KEYS.user], user);
      toast({
        title: "¡Acceso autorizado!",
        description: "Entrando al panel de administración...",
      });
      redirectTimer.current = setTimeout(() => void navigate("/admin"), LOGIN_REDIRECT_MS);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        toast({
          title: "Error de acceso",
          description: error.serverMessage || "Credenciales incorrectas",
          variant: "destructive",
        });
      } else {
        toast({
          title: "Error de conexión",
          description: "No se pudo conectar al servidor",
          variant: "destructive",
        });
      }
    },
  });
  // Between success and the redirect the form stays locked, so it isn't sent twice.
  // Until hydrated the form could only submit natively: it stays disabled (use-hydrated.ts).
  const hydrated = useHydrated();
  const busy = login.isPending || login.isSuccess || !hydrated;

  return (
    <SignInPage>
      <h1 className="text-xl font-bold text-stone-900">Panel de Administración</h1>
      <p className="mt-1 text-sm text-stone-700">Inicia sesión para administrar Tiangue.</p>

      {externalError && <SignInAlert>{externalError}</SignInAlert>}

      <form
        method="post"
        noValidate
        className="mt-6 grid gap-4"
        onSubmit={handleSubmit((data) => login.mutate(data))}
      >
        <fieldset disabled={busy} className="grid gap-4">
          <div>
            <Label htmlFor={`${id}-username`}>Usuario</Label>
            <Input
              {...fieldA11y(`${id}-username`, errors.username?.message, true)}
              className="mt-1"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...register("username")}
            />
            <FieldError id={`${id}-username-error`}>{errors.username?.message}</FieldError>
          </div>
          <div>
            <Label htmlFor={`${id}-password`}>Contraseña</Label>
            <Input
              {...fieldA11y(`${id}-password`, errors.password?.message, true)}
              className="mt-1"
              type="password"
              autoComplete="current-password"
              {...register("password")}
            />
            <FieldError id={`${id}-password-error`}>{errors.password?.message}</FieldError>
          </div>
        </fieldset>
        <Button type="submit" size="lg" disabled={busy}>
          <LogIn aria-hidden />
          {login.isPending ? "Iniciando sesión..." : "Iniciar Sesión"}
        </Button>
      </form>

      <div className="my-5 flex items-center gap-3 text-xs text-stone-600">
        <span className="h-px flex-1 bg-stone-200" />o
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {/* A plain link: /api/login redirects to the account provider and back. */}
      <a
        href="/api/login"
        className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full")}
      >
        <ExternalLink aria-hidden />
        Iniciar sesión con cuenta externa
      </a>
    </SignInPage>
  );
}

export const ErrorBoundary = routeErrorBoundary();
