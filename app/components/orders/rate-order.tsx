import { BadgeCheck } from "lucide-react";
import { useId, useState } from "react";
import type { OrderReviewsDto, ReviewDto } from "../../../shared/api-types";
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN } from "../../../shared/limits";
import {
  RATE_ORDER_ANCHOR,
  RATE_ORDER_TITLE,
  VERIFIED_PURCHASE_LABEL,
} from "../../../shared/order-reviews";
import type { OrderReviewInput } from "../../../shared/schemas/order-review";
import { ApiError } from "../../lib/api";
import { submitOrderReviews } from "../../lib/order-reviews-api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { useHydrated } from "../../lib/use-hydrated";
import { StarInput } from "../reviews/star-input";
import { StarRating } from "../ui/star-rating";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

/** One thing to rate: the shop, or a product of the order. */
interface Draft {
  rating: number;
  comment: string;
}
const EMPTY: Draft = { rating: 0, comment: "" };
const MERCHANT = "merchant";

/** A draft worth sending: some stars chosen (the comment is then checked). */
const started = (draft: Draft | undefined): draft is Draft => (draft?.rating ?? 0) > 0;

function commentProblem(draft: Draft): string | null {
  const length = draft.comment.trim().length;
  if (length < REVIEW_COMMENT_MIN) return "La reseña debe tener al menos 10 caracteres";
  if (length > REVIEW_COMMENT_MAX) return `No puede tener más de ${REVIEW_COMMENT_MAX} caracteres`;
  return null;
}

/** What the order already holds: its stars, and whether it is published yet. */
function Written({ review }: { review: ReviewDto }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
      <StarRating rating={review.rating} />
      <span>
        {review.isApproved
          ? "Tu reseña está publicada."
          : "Gracias: tu reseña se publicará cuando la revisemos."}
      </span>
    </p>
  );
}

function RateItem({
  id,
  title,
  draft,
  error,
  disabled,
  onChange,
}: {
  id: string;
  title: string;
  draft: Draft;
  error: string | null;
  disabled: boolean;
  onChange: (draft: Draft) => void;
}) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="font-medium text-stone-900">
        {title}
      </p>
      <StarInput
        value={draft.rating}
        onChange={(rating) => onChange({ ...draft, rating })}
        labelledBy={labelId}
        disabled={disabled}
      />
      {draft.rating > 0 && (
        <>
          <label htmlFor={`${id}-comment`} className="text-sm text-stone-700">
            Tu comentario
          </label>
          <textarea
            id={`${id}-comment`}
            value={draft.comment}
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange({ ...draft, comment: event.target.value })}
            className="rounded-md border border-stone-300 px-3 py-2 text-sm"
          />
          {error && (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** One delivered order's card: its shop and each product, rated and sent together. */
function RateOneOrder({ loaded, token }: { loaded: OrderReviewsDto; token: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const [state, setState] = useState(loaded);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);

  const keyOf = (productId: number) => `product-${productId}`;
  const open = state.products.filter((p) => !p.review);
  const body = (): OrderReviewInput => {
    const merchant = drafts[MERCHANT];
    const products = open
      .map((p) => ({ productId: p.productId, draft: drafts[keyOf(p.productId)] }))
      .filter((p) => started(p.draft))
      .map((p) => ({ productId: p.productId, rating: p.draft!.rating, comment: p.draft!.comment }));
    return {
      ...(!state.merchantReview && started(merchant) ? { merchant } : {}),
      ...(products.length > 0 ? { products } : {}),
    };
  };
  const localErrors = () => {
    const found: Record<string, string> = {};
    for (const [key, draft] of Object.entries(drafts)) {
      const problem = started(draft) ? commentProblem(draft) : null;
      if (problem) found[key] = problem;
    }
    return found;
  };

  const send = useAsyncAction(() => submitOrderReviews(state.orderNumber, token, body()), {
    onSuccess: (next) => {
      setState(next);
      setDrafts({});
      setErrors({});
      setTried(false);
      toast({
        title: "¡Gracias por calificar tu compra!",
        description: "Tu reseña se publicará cuando la revisemos.",
      });
    },
    onError: (error) => {
      // The server's messages by field: merchant, products.<i>.productId…
      const sent = body().products ?? [];
      const byField: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const e of error.body?.errors ?? []) {
          const match = /^products\.(\d+)/.exec(e.path);
          const key = match ? keyOf(sent[Number(match[1])]?.productId ?? 0) : MERCHANT;
          byField[key] = e.message;
        }
      }
      setErrors(byField);
      toast({
        title: "No se pudo enviar tu calificación",
        description:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : "Inténtalo de nuevo.",
        variant: "destructive",
      });
    },
  });

  const submit = () => {
    setTried(true);
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void send.run();
  };
  const nothingLeft = state.merchantReview !== null && open.length === 0;
  const chosen = Object.values(drafts).some(started);
  const set = (key: string) => (draft: Draft) => {
    setDrafts((before) => ({ ...before, [key]: draft }));
    if (tried) setErrors((before) => ({ ...before, [key]: commentProblem(draft) ?? "" }));
  };
  const errorOf = (key: string) => errors[key] || null;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h3 className="text-lg font-semibold text-stone-900">
        Pedido {state.orderNumber} · {state.merchant.name}
      </h3>
      <div className="flex flex-col gap-2">
        {state.merchantReview ? (
          <>
            <p className="font-medium text-stone-900">{state.merchant.name}</p>
            <Written review={state.merchantReview} />
          </>
        ) : (
          <RateItem
            id={`${id}-merchant`}
            title={`¿Qué tal te atendió ${state.merchant.name}?`}
            draft={drafts[MERCHANT] ?? EMPTY}
            error={errorOf(MERCHANT)}
            disabled={!hydrated || send.isPending}
            onChange={set(MERCHANT)}
          />
        )}
      </div>
      {state.products.map((product) => (
        <div key={product.productId} className="border-t border-stone-100 pt-3">
          {product.review ? (
            <>
              <p className="font-medium text-stone-900">{product.name}</p>
              <Written review={product.review} />
            </>
          ) : (
            <RateItem
              id={`${id}-${product.productId}`}
              title={product.name}
              draft={drafts[keyOf(product.productId)] ?? EMPTY}
              error={errorOf(keyOf(product.productId))}
              disabled={!hydrated || send.isPending}
              onChange={set(keyOf(product.productId))}
            />
          )}
        </div>
      ))}
      {nothingLeft ? (
        <p className="text-sm text-stone-700">Ya calificaste todo este pedido. ¡Gracias!</p>
      ) : (
        <Button
          type="button"
          className="self-start"
          disabled={!hydrated || !chosen || send.isPending}
          onClick={submit}
        >
          {send.isPending ? "Enviando..." : "Enviar calificación"}
        </Button>
      )}
    </Card>
  );
}

/**
 * Issue 37: 'Califica tu compra' on the order page of a delivered order: the shop and each
 * product, once each. Sent with the page's token (it needs the browser's code, as the page's
 * other buttons do); each review is a verified purchase and waits for moderation.
 */
export function RateOrder({ orders, token }: { orders: OrderReviewsDto[]; token: string }) {
  const open = orders.filter((order) => order.open);
  if (open.length === 0) return null;
  const titleId = `${RATE_ORDER_ANCHOR}-title`;
  return (
    <section id={RATE_ORDER_ANCHOR} aria-labelledby={titleId} className="flex flex-col gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-semibold text-stone-900">
          {RATE_ORDER_TITLE}
        </h2>
        <p className="mt-1 flex items-center gap-1 text-sm text-stone-700">
          <BadgeCheck aria-hidden className="size-4 text-green-700" />
          Tus reseñas se publican como «{VERIFIED_PURCHASE_LABEL}» después de revisarlas.
        </p>
      </div>
      {open.map((order) => (
        <RateOneOrder key={order.orderNumber} loaded={order} token={token} />
      ))}
    </section>
  );
}
