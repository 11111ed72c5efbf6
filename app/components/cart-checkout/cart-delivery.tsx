import { Check, Truck, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
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
 * Each merchant's public page (GET /api/merchants/{slug}), read once per slug while this is
 * on screen; one not read (yet, or it failed) is missing. Plain React state, not TanStack
 * Query, which the cart page does not load (issue 27).
 */
function useMerchantsBySlug(slugs: readonly string[]): ReadonlyMap<string, MerchantDto> {
  const [known, setKnown] = useState<ReadonlyMap<string, MerchantDto>>(new Map());
  const asked = useRef(new Set<string>());
  const key = slugs.join("\n");
  useEffect(() => {
    for (const slug of key ? key.split("\n") : []) {
      if (asked.current.has(slug)) continue;
      asked.current.add(slug);
      apiRequest<MerchantDto>("GET", `/api/merchants/${encodeURIComponent(slug)}`).then(
        (merchant) => setKnown((previous) => new Map(previous).set(slug, merchant)),
        // The line then says '…': the cart works without it.
        () => undefined,
      );
    }
  }, [key]);
  return known;
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
  const known = useMerchantsBySlug(municipality === null ? [] : unique.map((m) => m.merchantSlug));
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
        {unique.map((m) => {
          const merchant = known.get(m.merchantSlug);
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
