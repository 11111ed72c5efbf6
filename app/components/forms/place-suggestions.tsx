import { PLACES } from "../../../shared/places";

/**
 * Issue 36: the 44 municipalities and 262 districts as a <datalist>, so a text field
 * suggests places as the shopper types ('Soya…' → Soyapango) with no script: the browser
 * does it. Each district says its municipality beside its name.
 */
export function PlaceSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {PLACES.map((place) => (
        <option
          key={place.label}
          value={place.label}
          label={place.kind === "district" ? `Distrito de ${place.municipality}` : "Municipio"}
        />
      ))}
    </datalist>
  );
}
