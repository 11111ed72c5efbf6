import { Store } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The sign-in pages' frame (/admin/login, /merchant/login): the brand, a card, the way back. */
export function SignInPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-10">
      <div className="w-full max-w-sm">
        <Link
          to="/"
          className="mx-auto mb-6 flex w-fit items-center gap-2 text-lg font-bold text-brand-800"
        >
          <Store aria-hidden className="size-6" />
          Tiangue
        </Link>
        <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm">{children}</div>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 underline">
            Volver a Tiangue
          </Link>
        </p>
      </div>
    </main>
  );
}

/** Why signing in did not work, under the heading of a sign-in card. */
export function SignInAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {children}
    </p>
  );
}
