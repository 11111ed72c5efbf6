import type { CategoryDto } from "../../../shared/api-types";
import { categorySchema, hasInvalidText } from "../../../shared/schemas/index";
import { AppError, parseInput } from "../../errors";
import type { ServiceDeps } from "../../service-deps";
import { isForeignKeyViolation, isUniqueViolation } from "../catalog/constraint-errors";
import { toCategoryDto } from "./categories.presenter";
import { catalogueTags, EVERYTHING } from "../../cache/index";
import {
  type CategoryValues,
  categoryInUse,
  deleteCategory,
  findCategoryById,
  findCategoryBySlug,
  insertCategory,
  listCategories,
  updateCategory,
} from "./categories.repository";

export const CATEGORY_NOT_FOUND = "Categoría no encontrada";
export const CATEGORY_SLUG_TAKEN = "Ya existe una categoría con ese slug";
export const CATEGORY_IN_USE =
  "No se puede eliminar la categoría porque tiene comercios o productos asociados";

function toValues(input: unknown): CategoryValues {
  // merchantCount may arrive from the admin form: counts are the server's, so it is ignored.
  const data = parseInput(categorySchema, input);
  return {
    name: data.name,
    slug: data.slug,
    icon: data.icon || null,
    imageUrl: data.imageUrl || null,
  };
}

/**
 * Reads answered from the public-read cache (server/cache): a page whose loader calls only
 * these may be kept rendered (server/http/web-app.ts). Checked against the service below.
 */
export const CACHEABLE_READS = [
  "list",
  "getBySlug",
  "getById",
] as const satisfies readonly (keyof ReturnType<typeof createCategoriesService>)[];

/**
 * Every category read holds one tag (server/cache/tags.ts): they are few, and their counts
 * move with any product or merchant shown or hidden. A category's own write, rare and
 * reaching every card and list that names it, forgets everything.
 */
const categoryTags = () => [catalogueTags.categories];

export function createCategoriesService({ db, cache: catalogue }: ServiceDeps) {
  const cache = catalogue.reads;

  return {
    /** Every category with its public counts, by name. */
    async list(): Promise<CategoryDto[]> {
      return cache.get(
        "categories.list",
        async () => (await listCategories(db)).map(toCategoryDto),
        categoryTags,
      );
    },

    async getBySlug(slug: string): Promise<CategoryDto | null> {
      // No slug holds what no text field accepts (NUL cannot even reach PostgreSQL).
      if (hasInvalidText(slug)) return null;
      return cache.get(
        `categories.slug:${slug}`,
        async () => {
          const row = await findCategoryBySlug(db, slug);
          return row ? toCategoryDto(row) : null;
        },
        categoryTags,
      );
    },

    async getById(id: number): Promise<CategoryDto | null> {
      return cache.get(
        `categories.id:${id}`,
        async () => {
          const row = await findCategoryById(db, id);
          return row ? toCategoryDto(row) : null;
        },
        categoryTags,
      );
    },

    async create(input: unknown): Promise<CategoryDto> {
      const values = toValues(input);
      let row;
      try {
        row = await insertCategory(db, values);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(CATEGORY_SLUG_TAKEN);
        throw error;
      }
      await catalogue.forget([EVERYTHING]);
      return toCategoryDto(row);
    },

    async update(id: number, input: unknown): Promise<CategoryDto> {
      const values = toValues(input);
      let row;
      try {
        row = await updateCategory(db, id, values);
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict(CATEGORY_SLUG_TAKEN);
        throw error;
      }
      if (!row) throw AppError.notFound(CATEGORY_NOT_FOUND);
      await catalogue.forget([EVERYTHING]);
      return toCategoryDto(row);
    },

    /** Refuses while any merchant or product, pending ones included, still uses it. */
    async remove(id: number): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          if (!(await findCategoryById(tx, id))) throw AppError.notFound(CATEGORY_NOT_FOUND);
          if (await categoryInUse(tx, id)) throw AppError.conflict(CATEGORY_IN_USE);
          await deleteCategory(tx, id);
        });
      } catch (error) {
        // A merchant or product added between the check and the delete: the foreign key says no.
        if (isForeignKeyViolation(error)) throw AppError.conflict(CATEGORY_IN_USE);
        throw error;
      }
      await catalogue.forget([EVERYTHING]);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
