import { Minus, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { CartItemDto } from "../../../shared/api-types";
import { CART_QUANTITY_MAX, DEFAULT_PRODUCT_IMAGE } from "../../../shared/limits";
import { formatPrice, multiplyPrice, sumPrices } from "../../../shared/money";
import { whatsappUrl } from "../../../shared/phone";
import { cartTotal, linePrice } from "../../lib/cart-api";
import { lineName } from "../../../shared/product-variants";
import { cartItemCount } from "../../lib/cart-store";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ResponsiveImage } from "../catalogue/responsive-image";
import { plural } from "../../../shared/plural";

export interface MerchantCartGroup {
  merchantId: number;
  merchantName: string;
  merchantSlug: string;
  whatsapp: string | null;
  items: CartItemDto[];
  subtotal: string;
}

/** Lines grouped by seller, in the order their first line appears (decisions §4). */
export function groupCartByMerchant(items: readonly CartItemDto[]): MerchantCartGroup[] {
  const groups = new Map<number, MerchantCartGroup>();
  for (const item of items) {
    const { product } = item;
    let group = groups.get(product.merchantId);
    if (!group) {
      group = {
        merchantId: product.merchantId,
        merchantName: product.merchantName,
        merchantSlug: product.merchantSlug,
        whatsapp: product.merchantWhatsapp,
        items: [],
        subtotal: "0.00",
      };
      groups.set(product.merchantId, group);
    }
    group.items.push(item);
  }
  for (const group of groups.values()) group.subtotal = cartTotal(group.items);
  return [...groups.values()];
}

/** The prefilled WhatsApp order: one line per product, then the total. */
export function cartOrderMessage(items: readonly CartItemDto[]): string {
  const lines = items.map(
    (item) =>
      `- ${item.quantity} × ${lineName(item.product.name, item.variantName)} (${formatPrice(linePrice(item))} c/u) = ${formatPrice(
        multiplyPrice(linePrice(item), item.quantity),
      )}`,
  );
  return [
    "Hola, quiero hacer este pedido:",
    ...lines,
    `Total: ${formatPrice(cartTotal(items))}`,
  ].join("\n");
}

const clampQuantity = (n: number) => Math.min(CART_QUANTITY_MAX, Math.max(1, Math.trunc(n)));

function QuantityControl({
  item,
  disabled,
  onChange,
}: {
  item: CartItemDto;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  // What is typed is kept locally and sent on blur or Enter, not on every keystroke.
  const [draft, setDraft] = useState<string | null>(null);
  const name = lineName(item.product.name, item.variantName);
  const commit = () => {
    if (draft === null) return;
    const typed = Number(draft);
    setDraft(null);
    if (draft.trim() === "" || !Number.isFinite(typed)) return;
    const quantity = clampQuantity(typed);
    if (quantity !== item.quantity) onChange(quantity);
  };
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={`Disminuir cantidad de ${name}`}
        disabled={disabled || item.quantity <= 1}
        onClick={() => onChange(item.quantity - 1)}
      >
        <Minus aria-hidden />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={CART_QUANTITY_MAX}
        aria-label={`Cantidad de ${name}`}
        className="h-9 w-14 rounded-md border border-stone-300 bg-white text-center text-base tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600 sm:text-sm"
        value={draft ?? String(item.quantity)}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
      />
      <Button
        variant="outline"
        size="icon"
        className="size-9"
        aria-label={`Aumentar cantidad de ${name}`}
        disabled={disabled || item.quantity >= CART_QUANTITY_MAX}
        onClick={() => onChange(item.quantity + 1)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}

function CartLine({
  item,
  disabled,
  onQuantityChange,
  onRemove,
}: {
  item: CartItemDto;
  disabled?: boolean;
  onQuantityChange: CartLinesProps["onQuantityChange"];
  onRemove: CartLinesProps["onRemove"];
}) {
  const { product } = item;
  const name = lineName(product.name, item.variantName);
  const price = linePrice(item);
  // Issue 36: what the checkout will refuse, said before it does.
  const variant = product.variants.find((v) => v.id === item.variantId);
  const stock = variant ? variant.stock : product.stock;
  const unavailable = variant ? !variant.available : !product.available;
  const variantId = item.variantId ?? undefined;
  return (
    <li className="flex gap-3 py-4">
      <Link to={`/products/${product.slug}`} className="shrink-0" tabIndex={-1} aria-hidden>
        <ResponsiveImage
          src={product.imageUrl}
          alt=""
          width={80}
          height={80}
          sizes="80px"
          fallbackSrc={DEFAULT_PRODUCT_IMAGE}
          className="size-20 rounded-md object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={`/products/${product.slug}`}
              className="line-clamp-2 font-medium text-stone-900 hover:text-brand-700 hover:underline"
            >
              {product.name}
            </Link>
            {item.variantName && <p className="text-sm text-stone-800">{item.variantName}</p>}
            <p className="text-sm text-stone-600">{formatPrice(price)} c/u</p>
            {unavailable ? (
              <p className="text-sm font-medium text-red-700">Agotado: quítalo para continuar</p>
            ) : (
              stock !== null &&
              stock < item.quantity && (
                <p className="text-sm font-medium text-red-700">Solo quedan {stock}</p>
              )
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="size-9 text-red-700 hover:bg-red-50"
            aria-label={`Eliminar ${name} del carrito`}
            disabled={disabled}
            onClick={() =>
              variantId === undefined ? onRemove(product.id) : onRemove(product.id, variantId)
            }
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <QuantityControl
            item={item}
            disabled={disabled}
            onChange={(quantity) =>
              variantId === undefined
                ? onQuantityChange(product.id, quantity)
                : onQuantityChange(product.id, quantity, variantId)
            }
          />
          <p className="font-semibold tabular-nums" aria-label={`Total de ${name}`}>
            {formatPrice(multiplyPrice(price, item.quantity))}
          </p>
        </div>
      </div>
    </li>
  );
}

export interface CartLinesProps {
  items: readonly CartItemDto[];
  /** `variantId` names the line of a product with variants (issue 36). */
  onQuantityChange: (productId: number, quantity: number, variantId?: number) => void;
  onRemove: (productId: number, variantId?: number) => void;
  /** Disables the controls while a change is being sent. */
  disabled?: boolean;
}

/** The cart's lines grouped by merchant, each group with its subtotal and WhatsApp order. */
export function CartLines({ items, onQuantityChange, onRemove, disabled }: CartLinesProps) {
  const groups = groupCartByMerchant(items);
  const count = cartItemCount(items);
  const total = sumPrices(groups.map((g) => g.subtotal));
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group) => (
        <Card key={group.merchantId} className="p-4 sm:p-6">
          <section aria-labelledby={`cart-merchant-${group.merchantId}`}>
            <h2 id={`cart-merchant-${group.merchantId}`} className="text-lg font-semibold">
              <Link
                to={`/merchants/${group.merchantSlug}`}
                className="text-brand-700 hover:underline"
              >
                {group.merchantName}
              </Link>
            </h2>
            <ul className="divide-y divide-stone-200">
              {group.items.map((item) => (
                <CartLine
                  key={item.id}
                  item={item}
                  disabled={disabled}
                  onQuantityChange={onQuantityChange}
                  onRemove={onRemove}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-stone-800">
                Subtotal:{" "}
                <span className="font-semibold tabular-nums" data-testid="cart-subtotal">
                  {formatPrice(group.subtotal)}
                </span>
              </p>
              {group.whatsapp && (
                <Button asChild variant="whatsapp">
                  <a
                    href={whatsappUrl(group.whatsapp, cartOrderMessage(group.items))}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Pedir por WhatsApp
                  </a>
                </Button>
              )}
            </div>
          </section>
        </Card>
      ))}
      <div className="flex items-center justify-between rounded-lg bg-brand-50 px-4 py-3 text-lg">
        <span>
          Total ({count} {plural(count, "artículo", "artículos")})
        </span>
        <span className="font-bold tabular-nums" data-testid="cart-total">
          {formatPrice(total)}
        </span>
      </div>
    </div>
  );
}
