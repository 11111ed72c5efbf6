import { useQueries } from "@tanstack/react-query";
import { Check, Truck, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { MerchantDto } from "../../../shared/api-types";
import { apiRequest } from "../../lib/api";
import { deliversTo, findMunicipality, MUNICIPALITY_COOKIE } from "../../../shared/delivery";

/**
 * The shopper's municipality remembered by 'Entrega a mi municipio' (cookie), with its
 * department; null without one, on the server, or when the cookie is damaged.
 */
export function readChosenMunicipality(): { name: string; department: string } | null {
  if (typeof document === "undefined") return null;
  const entry = document.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${MUNICIPALITY_COOKIE}=`));
  if (!entry) return null;
  try {
    return (
      findMunicipality(decodeURIComponent(entry.slice(MUNICIPALITY_COOKIE.length + 1))) ?? null
    );
  } catch {
    // A damaged cookie is no choice.
    return null;
  }
}

/** The shopper's municipality remembered by 'Entrega a mi municipio', read in the browser. */
export function useChosenMunicipality(): string | null {
  const [municipality, setMunicipality] = useState<string | null>(null);
  useEffect(() => setMunicipality(readChosenMunicipality()?.name ?? null), []);
  return municipality;
}

/**
 * Per merchant of the cart (or checkout): whether it delivers to the municipality the
 * shopper chose with 'Entrega a mi municipio' (issue 12). Nothing until one is chosen.
 */
export function CartDelivery({
  merchants,
}: {
  merchants: readonly { merchantSlug: string; merchantName: string }[];
}) {
  const municipality = useChosenMunicipality();
  const unique = [...new Map(merchants.map((m) => [m.merchantSlug, m])).values()];
  const answers = useQueries({
    queries: unique.map((m) => ({
      queryKey: [`/api/merchants/${m.merchantSlug}`],
      enabled: municipality !== null,
      queryFn: () =>
        apiRequest<MerchantDto>("GET", `/api/merchants/${encodeURIComponent(m.merchantSlug)}`),
      staleTime: 60_000,
    })),
  });
  if (!municipality) return null;
  return (
    <section
      aria-labelledby="cart-delivery-title"
      className="mb-4 rounded-lg border border-stone-200 bg-white p-4 text-sm"
    >
      <h2 id="cart-delivery-title" className="flex items-center gap-2 font-semibold">
        <Truck aria-hidden className="size-4 text-brand-700" />
        Entrega a {municipality}
      </h2>
      <ul className="mt-2 flex flex-col gap-1" data-testid="cart-delivery">
        {unique.map((m, i) => {
          const merchant = answers[i]?.data;
          const yes = merchant ? deliversTo(merchant, municipality) : null;
          return (
            <li key={m.merchantSlug} className="flex items-center gap-2">
              {yes === true && <Check aria-hidden className="size-4 text-green-700" />}
              {yes === false && <X aria-hidden className="size-4 text-red-700" />}
              <Link to={`/merchants/${m.merchantSlug}`} className="font-medium underline">
                {m.merchantName}
              </Link>
              <span>
                {yes === null
                  ? "…"
                  : yes
                    ? `entrega a ${municipality}`
                    : `no entrega a ${municipality}; consulta si puedes recoger en tienda`}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-stone-600">
        <Link to="/merchants" className="underline">
          Cambiar mi municipio
        </Link>
      </p>
    </section>
  );
}
