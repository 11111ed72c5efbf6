import { useId, useState } from "react";
import type { ProductDto, ProductVariantDto } from "../../../shared/api-types";
import { formatPrice } from "../../../shared/money";
import { sellableValues, variantOf } from "../../../shared/product-variants";
import { useHydrated } from "../../lib/use-hydrated";
import { AddToCartButton } from "../cart-checkout/add-to-cart-button";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { PriceAndAvailability } from "./price-and-availability";

/**
 * A product with variants (issue 36): asks for each option first and shows the chosen
 * variant's price and availability; a value no variant sells with the other choices cannot be
 * chosen. In the server's HTML (and without JavaScript) the variants are one list, whose
 * sold-out entries are disabled, posted with the form to the cart's action.
 */
const variantLabel = (v: ProductVariantDto) =>
  `${v.name} · ${formatPrice(v.price)}${v.available ? "" : " (agotado)"}`;

export function VariantPurchase({ product }: { product: ProductDto }) {
  const id = useId();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const variant = variantOf(product.options, product.variants, chosen);
  const complete = product.options.every((option) => chosen[option.name]);

  // Before hydration and without JavaScript: one list of the variants it sells.
  if (!hydrated) {
    return (
      <>
        <PriceAndAvailability
          price={`Desde ${formatPrice(product.price)}`}
          available={product.available}
        />
        <AddToCartButton productId={product.id} unavailable={!product.available}>
          <div className="max-w-xs">
            <Label htmlFor={`${id}-variant`}>
              {product.options.map((option) => option.name).join(" y ")}
            </Label>
            <NativeSelect id={`${id}-variant`} name="variantId" className="mt-1" required>
              {product.variants.map((v) => (
                <option key={v.id} value={v.id} disabled={!v.available}>
                  {variantLabel(v)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </AddToCartButton>
      </>
    );
  }

  return (
    <>
      <PriceAndAvailability
        price={variant ? formatPrice(variant.price) : `Desde ${formatPrice(product.price)}`}
        available={variant ? variant.available : product.available}
      />
      <AddToCartButton
        productId={product.id}
        variantId={variant?.id}
        unavailable={variant ? !variant.available : !product.available}
        choose={!complete || !variant}
      >
        <div className="flex flex-wrap gap-3">
          {product.options.map((option) => {
            const sellable = sellableValues(option, product.variants, chosen);
            return (
              <div key={option.name} className="min-w-32">
                <Label htmlFor={`${id}-${option.name}`}>{option.name}</Label>
                <NativeSelect
                  id={`${id}-${option.name}`}
                  className="mt-1"
                  value={chosen[option.name] ?? ""}
                  onChange={(event) => {
                    const value = event.target.value;
                    setChosen((previous) => {
                      const next = { ...previous, [option.name]: value };
                      // A choice that no longer goes with this one is asked for again.
                      for (const other of product.options) {
                        if (
                          other.name !== option.name &&
                          next[other.name] &&
                          !sellableValues(other, product.variants, next).has(next[other.name])
                        ) {
                          delete next[other.name];
                        }
                      }
                      return next;
                    });
                  }}
                >
                  <option value="">Elige {option.name.toLowerCase()}</option>
                  {option.values.map((value) => (
                    <option key={value} value={value} disabled={!sellable.has(value)}>
                      {value}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            );
          })}
        </div>
        {!complete && (
          <p className="text-sm text-stone-700">
            Elige {product.options.map((o) => o.name.toLowerCase()).join(" y ")} para agregarlo.
          </p>
        )}
      </AddToCartButton>
    </>
  );
}
