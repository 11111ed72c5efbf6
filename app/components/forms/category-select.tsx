import type { ComponentProps } from "react";
import type { CategoryDto } from "../../../shared/api-types";
import { NativeSelect } from "../ui/native-select";

/** A category picker: 'Selecciona una categoría', then each category with its emoji. */
export function CategorySelect({
  categories,
  ...props
}: ComponentProps<typeof NativeSelect> & {
  categories: Pick<CategoryDto, "id" | "name" | "icon">[];
}) {
  return (
    <NativeSelect {...props}>
      <option value="">Selecciona una categoría</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.icon ? `${category.icon} ` : ""}
          {category.name}
        </option>
      ))}
    </NativeSelect>
  );
}
