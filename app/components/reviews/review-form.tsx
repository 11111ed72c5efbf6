import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { type Review, type ReviewInput, reviewSchema } from "../../../shared/schemas/review";
import { apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useAsyncAction } from "../../lib/use-async-action";
import type { ReviewTarget } from "./review-list";
import { reviewsChanged } from "./reviews-changed";
import { StarInput } from "./star-input";
import { Button } from "../ui/button";
import { FieldError } from "../ui/field-error";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

/** Write a review of a merchant or a product; it is published after moderation (spec §4). */
export function ReviewForm({ merchantId, productId }: ReviewTarget) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewInput, unknown, Review>({
    resolver: zodResolver(reviewSchema),
    // The target travels in the form's values so the schema checks it with the rest.
    defaultValues: {
      userName: "",
      userEmail: "",
      comment: "",
      rating: 0,
      merchantId: merchantId ?? null,
      productId: productId ?? null,
    },
  });

  const submit = useAsyncAction(
    (review: Review) =>
      apiRequest("POST", "/api/reviews", {
        userName: review.userName,
        userEmail: review.userEmail,
        comment: review.comment,
        rating: review.rating,
        ...(merchantId !== undefined ? { merchantId } : { productId }),
        // Spec §7: a client-made id; shoppers have no accounts.
        userId: `user-${Date.now()}`,
      }),
    {
      onSuccess: () => {
        toast({
          title: "Reseña enviada",
          description: "Tu reseña ha sido enviada y será revisada por un administrador",
        });
        reset();
        // The page's review lists read their reviews again.
        reviewsChanged();
      },
      onError: () => {
        toast({
          title: "Error",
          description: "No se pudo enviar la reseña. Inténtalo de nuevo.",
          variant: "destructive",
        });
      },
    },
  );

  const field = (name: "userName" | "userEmail" | "comment") => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
    disabled: submit.isPending,
    ...register(name),
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((review) => submit.run(review))}
      className="flex flex-col gap-4"
      aria-labelledby={`${id}-title`}
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-stone-900">
          Escribe una reseña
        </h2>
        <p className="mt-1 flex items-start gap-2 text-sm text-stone-600">
          <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
          Las reseñas se publican después de ser revisadas por un administrador.
        </p>
      </div>

      <div>
        <span id={`${id}-rating-label`} className="text-sm font-medium text-stone-800">
          Calificación
        </span>
        <Controller
          control={control}
          name="rating"
          render={({ field: { value, onChange, onBlur } }) => (
            <StarInput
              value={typeof value === "number" ? value : 0}
              onChange={onChange}
              onBlur={onBlur}
              labelledBy={`${id}-rating-label`}
              describedBy={errors.rating ? `${id}-rating-error` : undefined}
              invalid={Boolean(errors.rating)}
              disabled={submit.isPending}
            />
          )}
        />
        <FieldError id={`${id}-rating-error`}>{errors.rating?.message}</FieldError>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-userName`}>Nombre</Label>
          <Input className="mt-1" autoComplete="name" {...field("userName")} />
          <FieldError id={`${id}-userName-error`}>{errors.userName?.message}</FieldError>
        </div>
        <div>
          <Label htmlFor={`${id}-userEmail`}>Correo electrónico</Label>
          <Input className="mt-1" type="email" autoComplete="email" {...field("userEmail")} />
          <FieldError id={`${id}-userEmail-error`}>{errors.userEmail?.message}</FieldError>
        </div>
      </div>

      <div>
        <Label htmlFor={`${id}-comment`}>Tu reseña</Label>
        <Textarea
          className="mt-1"
          rows={4}
          placeholder="Cuéntanos tu experiencia"
          {...field("comment")}
        />
        <FieldError id={`${id}-comment-error`}>{errors.comment?.message}</FieldError>
      </div>

      <p className="text-xs text-stone-600">Tu correo no se publica.</p>

      <Button type="submit" disabled={submit.isPending} className="self-start">
        {submit.isPending ? "Enviando..." : "Enviar reseña"}
      </Button>
    </form>
  );
}
