import { z } from "zod";
import { CATALOGUE_SLUG } from "../slug";
import { optionalImageUrl, requiredText, textField, tooLong } from "./fields";

export const CATEGORY_REQUIRED_MESSAGE = "El nombre y slug son requeridos";
export const CATEGORY_SLUG_MESSAGE =
  "El slug solo puede tener letras minúsculas, números y guiones";
const ICON_MAX = 16;

export const categorySchema = z.object({
  name: requiredText(CATEGORY_REQUIRED_MESSAGE, 100),
  slug: textField(CATEGORY_REQUIRED_MESSAGE)
    .trim()
    .min(1, { error: CATEGORY_REQUIRED_MESSAGE, abort: true })
    .max(100, tooLong(100))
    .regex(CATALOGUE_SLUG, CATEGORY_SLUG_MESSAGE),
  // An emoji; several code units for flags and joined emoji.
  icon: textField().trim().max(ICON_MAX, tooLong(ICON_MAX)).nullish(),
  imageUrl: optionalImageUrl,
});

export type CategoryInput = z.input<typeof categorySchema>;
export type Category = z.output<typeof categorySchema>;
