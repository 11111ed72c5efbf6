import { Check, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { AdminReviewDto } from "../../../shared/api-types";
import { formatLongDate } from "../../../shared/dates";
import {
  useAdminReviews,
  useApproveReview,
  useDeleteReview,
  useRemoveReviewReply,
} from "../../lib/admin-reviews-api";
import { replyHeading, VERIFIED_PURCHASE_LABEL } from "../../../shared/order-reviews";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/native-select";
import { StarRating } from "../ui/star-rating";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { ListPager, ListSearch } from "./list-paging";
import { useListPaging } from "./use-list-paging";
import { ReviewStatusBadge } from "./status-badge";
import { plural } from "../../../shared/plural";

type Filter = "all" | "pending" | "approved";

function target(review: AdminReviewDto): string {
  const name = review.targetName ? `: ${review.targetName}` : "";
  if (review.productId !== null) return `Producto #${review.productId}${name}`;
  if (review.merchantId !== null) return `Comercio #${review.merchantId}${name}`;
  return "Sin destino";
}

/** Tab 6, 'Reseñas': approve pending reviews and delete any. */
export function ReviewsTab() {
  const id = useId();
  const paging = useListPaging();
  const [filter, setFilter] = useState<Filter>("all");
  const reviews = useAdminReviews({
    status: filter === "all" ? undefined : filter,
    ...paging.params,
  });
  // The heading's counts: every review, and the pending ones (one row each, only the total read).
  const everyReview = useAdminReviews({ limit: 1 });
  const pendingReviews = useAdminReviews({ status: "pending", limit: 1 });
  const approve = useApproveReview();
  const remove = useDeleteReview();
  const removeReply = useRemoveReviewReply();
  const [deleting, setDeleting] = useState<AdminReviewDto | null>(null);

  const page = reviews.data;
  const shown = page?.items ?? [];
  const allCount = everyReview.data?.total;
  const pendingCount = pendingReviews.data?.total ?? 0;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900">
          Reseñas
          {allCount !== undefined && (
            <>
              {" "}
              ({allCount}, {pendingCount} {plural(pendingCount, "pendiente", "pendientes")})
            </>
          )}
        </h2>
        <div className="grid gap-2 sm:w-[32rem] sm:grid-cols-2">
          <ListSearch
            paging={paging}
            label="Buscar reseñas"
            placeholder="Autor o texto de la reseña"
            visibleLabel
          />
          <div>
            <Label htmlFor={`${id}-filter`}>Mostrar</Label>
            <NativeSelect
              id={`${id}-filter`}
              className="mt-1"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value as Filter);
                paging.resetPage();
              }}
            >
              <option value="all">Todas</option>
              <option value="pending">Pendientes</option>
              <option value="approved">Aprobadas</option>
            </NativeSelect>
          </div>
        </div>
      </div>
      {reviews.isPending ? (
        <ListLoading />
      ) : reviews.isError ? (
        <ListError />
      ) : shown.length === 0 ? (
        <EmptyList
          text={
            allCount === 0
              ? "No hay reseñas registradas"
              : paging.q
                ? "Ninguna reseña coincide con la búsqueda"
                : "No hay reseñas con este filtro"
          }
        />
      ) : null}
      <ul className="grid gap-3" aria-busy={reviews.isPlaceholderData}>
        {shown.map((review) => {
          const approving = approve.isPending && approve.variables === review.id;
          return (
            <li key={review.id}>
              <Card
                role="article"
                aria-labelledby={`${id}-r${review.id}`}
                className="grid gap-2 p-4"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3
                      id={`${id}-r${review.id}`}
                      className="font-semibold break-words text-stone-900"
                    >
                      {review.userName}
                    </h3>
                    <p className="text-sm break-all text-stone-600">{review.userEmail}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {review.verifiedPurchase && (
                      <Badge variant="success">{VERIFIED_PURCHASE_LABEL}</Badge>
                    )}
                    <ReviewStatusBadge approved={review.isApproved} />
                  </div>
                </div>
                <StarRating rating={review.rating} />
                <p className="text-sm whitespace-pre-line text-stone-800">{review.comment}</p>
                {review.reply && (
                  <div className="rounded-md border-l-4 border-brand-200 bg-stone-50 px-3 py-2 text-sm">
                    <p className="font-medium text-stone-900">
                      {replyHeading(undefined)} ·{" "}
                      <time dateTime={review.reply.at}>{formatLongDate(review.reply.at)}</time>
                    </p>
                    <p className="whitespace-pre-line text-stone-800">{review.reply.text}</p>
                  </div>
                )}
                <p className="text-xs text-stone-600">
                  Reseña #{review.id} · {target(review)} ·{" "}
                  <time dateTime={review.createdAt}>{formatLongDate(review.createdAt)}</time>
                </p>
                <div className="flex flex-wrap gap-2 pt-1">
                  {!review.isApproved && (
                    <Button
                      size="sm"
                      disabled={approving}
                      onClick={() => approve.mutate(review.id)}
                    >
                      <Check aria-hidden />
                      {approving ? "Aprobando..." : "Aprobar"}
                    </Button>
                  )}
                  {review.reply && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={removeReply.isPending && removeReply.variables === review.id}
                      onClick={() => removeReply.mutate(review.id)}
                    >
                      Quitar respuesta
                    </Button>
                  )}
                  <Button variant="destructive" size="sm" onClick={() => setDeleting(review)}>
                    <Trash2 aria-hidden />
                    Eliminar
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      {page && <ListPager paging={paging} total={page.total} shown={shown.length} noun="reseñas" />}
      <ConfirmDeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="¿Eliminar reseña?"
        description={
          <p>
            Se eliminará la reseña de <strong>{deleting?.userName}</strong>. Esta acción no se puede
            deshacer.
          </p>
        }
      />
    </section>
  );
}
