import { Check, Truck, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { MerchantDto } from "../../../shared/api-types";
import { apiRequest } from "../../lib/api";
import { deliversTo, rememberedZone } from "../../../shared/delivery";
import { findPlace, type Place } from "../../../shared/places";

/**
 * The shopper's zone remembered by 'Entrega en mi zona' (cookie), when it names one place: a
 * municipality, or a district with its municipality (issue 36), each with its department;
 * null without one, on the server, or when the cookie is damaged or names several places.
 */
export function readChosenPlace(): Place | null {
  if (typeof document === "undefined") return null;
  const label = rememberedZone(document.cookie);
  return label ? (findPlace(label) ?? null) : null;
}

/** The shopper's zone remembered by 'Entrega en mi zona', read in the browser. */
export function useChosenPlace(): Place | null {
  const [place, setPlace] = useState<Place | null>(null);
  useEffect(() => setPlace(readChosenPlace()), []);
  return place;
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
 * Per merchant of the cart (or checkout): whether it delivers to the zone the shopper chose
 * with 'Entrega en mi zona' (issues 12 and 36). Nothing until one is chosen.
 */
export function CartDelivery({
  merchants,
}: {
  merchants: readonly { merchantSlug: string; merchantName: string }[];
}) {
  const place = useChosenPlace();
  const unique = [...new Map(merchants.map((m) => [m.merchantSlug, m])).values()];
  const known = useMerchantsBySlug(place === null ? [] : unique.map((m) => m.merchantSlug));
  if (!place) return null;
  const municipality = place.label;
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
          const yes = merchant
            ? deliversTo(
                merchant,
                place.municipality,
                place.kind === "district" ? place.district : null,
              )
            : null;
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
          Cambiar mi zona
        </Link>
      </p>
    </section>
  );
}
