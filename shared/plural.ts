/**
 * Spanish count words: the singular for exactly one, the plural otherwise (0, 2, 1.5 …).
 * Both forms are written out, since Spanish plurals are not always "+s"
 * ("línea con errores" / "líneas con errores").
 */
export function plural(n: number, singular: string, pluralForm: string): string {
  return n === 1 ? singular : pluralForm;
}

/** '1 reseña', '3 reseñas': the number followed by the word in the form that fits it. */
export function countLabel(n: number, singular: string, pluralForm: string): string {
  return `${n} ${plural(n, singular, pluralForm)}`;
}
