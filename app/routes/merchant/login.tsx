import { LogIn, Mail } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { fieldA11y, FormField } from "../../components/forms/form-field";
import { SignInAlert, SignInPage } from "../../components/backoffice/sign-in-page";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { ApiError } from "../../lib/api";
import { merchantLogin, requestLoginLink } from "../../lib/merchant-sign-in";
import { routeErrorBoundary } from "../../components/layout/route-error-boundary";
import { pageTitle } from "../../lib/seo";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { useLazyValidation } from "../../lib/validate-lazily";
import type { Route } from "./+types/login";
import {
  LOGIN_LINK_INVALID_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
} from "../../../shared/merchant-sign-in";

/**
 * A merchant already signed in goes to its portal, unless it opened a sign-in link: that
 * link may be for another e-mail, so its 'Entrar' button stays offered.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.has("token")) return null;
  const user = await context.currentUser();
  if (user?.role === "merchant") throw redirect("/merchant");
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Acceso para comercios") },
  { name: "robots", content: "noindex, nofollow" },
  // The sign-in link carries its token in the address: never pass it on to another site.
  { name: "referrer", content: "no-referrer" },
];

/** The e-mail's rules, the API's own schema: downloaded on the form's first focus (issue 27). */
const loadLoginLinkSchema = () =>
  import("../../../shared/merchant-portal").then((module) => module.loginLinkRequestSchema);

/**
 * /merchant/login (issue 11). Without a token: the e-mail form that asks for a sign-in
 * link. With ?token=…: an 'Entrar' button. Opening the page never spends the token (mail
 * scanners open links); only the button does.
 */
export default function MerchantLogin() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token")?.trim();
  return <SignInPage>{token ? <EnterWithLink token={token} /> : <RequestLink />}</SignInPage>;
}

function EnterWithLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const login = useAsyncAction(merchantLogin, {
    onSuccess: async () => {
      // The portal's code (and TanStack Query) loads now anyway; a session this tab had before
      // must not show its data to the one signing in.
      const { clearTabQueries } = await import("../../lib/query-client");
      clearTabQueries();
      await navigate("/merchant", { replace: true });
    },
  });
  const hydrated = useHydrated();
  const refusal =
    login.error instanceof ApiError && login.error.code === "unauthorized"
      ? login.error
      : undefined;

  const enter = () => void login.run(token);

  if (login.isError) {
    const message = refusal
      ? refusal.serverMessage || LOGIN_LINK_INVALID_MESSAGE
      : "No se pudo conectar al servidor. Intenta de nuevo.";
    return (
      <>
        <h1 className="text-xl font-bold text-stone-900">Entrar a Tiangue</h1>
        <SignInAlert>{message}</SignInAlert>
        {refusal ? (
          <div className="mt-6">
            <h2 className="font-semibold text-stone-900">Pide un enlace nuevo</h2>
            <RequestLinkForm />
          </div>
        ) : (
          <Button className="mt-6 w-full" size="lg" onClick={enter}>
            Intentar de nuevo
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      <h1 className="text-xl font-bold text-stone-900">Entrar a Tiangue</h1>
      <p className="mt-1 text-sm text-stone-700">
        Presiona el botón para entrar al portal de tu comercio. El enlace sirve una sola vez.
      </p>
      <Button
        className="mt-6 w-full"
        size="lg"
        disabled={!hydrated || login.isPending || login.isSuccess}
        onClick={enter}
      >
        <LogIn aria-hidden />
        {login.isPending || login.isSuccess ? "Entrando..." : "Entrar"}
      </Button>
    </>
  );
}

function RequestLink() {
  return (
    <>
      <h1 className="text-xl font-bold text-stone-900">Acceso para comercios</h1>
      <p className="mt-1 text-sm text-stone-700">
        Escribe el correo con el que registraste tu comercio y te enviaremos un enlace para entrar,
        válido por 15 minutos.
      </p>
      <RequestLinkForm />
    </>
  );
}

/** The e-mail form; the answer is the same whether or not the address is a merchant's. */
export function RequestLinkForm() {
  const id = useId();
  const hydrated = useHydrated();
  const request = useAsyncAction(requestLoginLink);
  const validation = useLazyValidation(loadLoginLinkSchema);
  // The schema's file could not be downloaded: most likely the connection is lost.
  const [unreachable, setUnreachable] = useState(false);
  const emailError =
    validation.errors.email ??
    (request.error instanceof ApiError && request.error.code === "validation"
      ? request.error.fieldMessage("email")
      : undefined);

  if (request.isSuccess) {
    return (
      <p
        role="status"
        className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
      >
        <Mail aria-hidden className="mr-1 inline size-4" />
        {LOGIN_LINK_SENT_MESSAGE}
      </p>
    );
  }

  const otherError = unreachable
    ? "No se pudo conectar al servidor. Intenta de nuevo."
    : request.isError && !emailError
      ? request.error instanceof ApiError
        ? request.error.serverMessage || "No se pudo enviar el enlace. Intenta de nuevo."
        : "No se pudo conectar al servidor. Intenta de nuevo."
      : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setUnreachable(false);
    const body = await validation.validate(event.currentTarget).catch(() => {
      setUnreachable(true);
      return undefined;
    });
    if (body) await request.run(body.email);
  };

  return (
    <form
      method="post"
      noValidate
      className="mt-6 grid gap-4"
      onFocus={validation.prefetch}
      onChange={validation.revalidate}
      onSubmit={submit}
    >
      <fieldset disabled={!hydrated || request.isPending} className="grid gap-4">
        <FormField id={`${id}-email`} label="Correo electrónico" error={emailError}>
          <Input
            {...fieldA11y(`${id}-email`, emailError, true)}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            name="email"
          />
        </FormField>
      </fieldset>
      {otherError && (
        <p role="alert" className="text-sm text-red-700">
          {otherError}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!hydrated || request.isPending}>
        <Mail aria-hidden />
        {request.isPending ? "Enviando..." : "Enviarme un enlace"}
      </Button>
    </form>
  );
}

export const ErrorBoundary = routeErrorBoundary({
  other: {
    title: "Algo salió mal",
    text: "No pudimos cargar el acceso para comercios. Intenta de nuevo en un momento.",
  },
});
