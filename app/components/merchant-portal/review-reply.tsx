import { useId, useState } from "react";
import type { ReviewDto } from "../../../shared/api-types";
import { REVIEW_REPLY_MAX, REVIEW_REPLY_MIN } from "../../../shared/limits";
import { apiRequest, ApiError } from "../../lib/api";
import { portalUrl } from "../../lib/merchant-api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import { reviewsChanged } from "../reviews/reviews-changed";
import { Button } from "../ui/button";

/**
 * Issue 37: the merchant's one answer under a published review, from 'Reseñas': written,
 * edited (PUT …/reviews/{id}/reply) or removed (DELETE); the lists read again after each.
 */
export function ReviewReplyEditor({
  merchantId,
  review,
}: {
  merchantId: number;
  review: ReviewDto;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? "");
  const [error, setError] = useState<string | null>(null);
  const url = portalUrl(merchantId, `/reviews/${review.id}/reply`);
  const failed = (title: string) => (cause: unknown) => {
    const message =
      cause instanceof ApiError ? (cause.fieldMessage("reply") ?? cause.serverMessage) : undefined;
    setError(message ?? null);
    toast({ title, description: message ?? "Inténtalo de nuevo.", variant: "destructive" });
  };
  const save = useAsyncAction(() => apiRequest<ReviewDto>("PUT", url, { reply: text }), {
    onSuccess: () => {
      setEditing(false);
      setError(null);
      toast({ title: "Respuesta publicada" });
      reviewsChanged();
    },
    onError: failed("No se pudo guardar la respuesta"),
  });
  const remove = useAsyncAction(() => apiRequest("DELETE", url), {
    onSuccess: () => {
      setText("");
      toast({ title: "Respuesta eliminada" });
      reviewsChanged();
    },
    onError: failed("No se pudo eliminar la respuesta"),
  });
  const busy = save.isPending || remove.isPending;

  if (!editing) {
    return (
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(true)}>
          {review.reply ? "Editar respuesta" : "Responder"}
        </Button>
        {review.reply && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => void remove.run()}
          >
            Eliminar respuesta
          </Button>
        )}
      </div>
    );
  }
  const length = text.trim().length;
  const problem =
    length < REVIEW_REPLY_MIN
      ? `La respuesta debe tener al menos ${REVIEW_REPLY_MIN} caracteres`
      : null;
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return setError(problem);
        void save.run();
      }}
    >
      <label htmlFor={`${id}-reply`} className="text-sm font-medium text-stone-800">
        Tu respuesta (se publica debajo de la reseña)
      </label>
      <textarea
        id={`${id}-reply`}
        value={text}
        rows={3}
        maxLength={REVIEW_REPLY_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        onChange={(event) => setText(event.target.value)}
        className="rounded-md border border-stone-300 px-3 py-2 text-sm"
      />
      <p id={`${id}-count`} className="text-xs text-stone-600">
        {length} de {REVIEW_REPLY_MAX} caracteres
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {save.isPending ? "Guardando..." : "Publicar respuesta"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}
