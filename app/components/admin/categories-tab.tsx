import { Pencil, Tag, Trash2 } from "lucide-react";
import { useState } from "react";
import type { CategoryDto } from "../../../shared/api-types";
import {
  useAdminCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from "../../lib/admin-categories-api";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { CategoryForm } from "./category-form";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { WIDE_DIALOG } from "./dialog-layout";
import { EmptyList, ListError, ListLoading } from "./list-states";
import { Thumbnail } from "./thumbnail";
import { plural } from "../../../shared/plural";

/** Tab 3, 'Categorías': create, edit and delete categories. */
export function CategoriesTab() {
  const categories = useAdminCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<CategoryDto | null>(null);
  const [deleting, setDeleting] = useState<CategoryDto | null>(null);

  return (
    <div className="grid gap-6">
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-stone-900">Nueva categoría</h2>
        <CategoryForm mode="create" onSubmit={(payload) => create.mutateAsync(payload)} />
      </Card>

      <section aria-labelledby="categories-heading" className="grid gap-3">
        <h2 id="categories-heading" className="text-lg font-semibold text-stone-900">
          Categorías{categories.data ? ` (${categories.data.length})` : ""}
        </h2>
        {categories.isPending ? (
          <ListLoading />
        ) : categories.isError ? (
          <ListError />
        ) : categories.data.length === 0 ? (
          <EmptyList text="No hay categorías registradas" />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Card
                  role="article"
                  aria-labelledby={`category-${category.id}`}
                  className="flex h-full flex-col gap-3 p-4"
                >
                  <div className="flex items-center gap-3">
                    {category.imageUrl ? (
                      <Thumbnail src={category.imageUrl} size={48} />
                    ) : (
                      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-brand-50 text-2xl">
                        {category.icon || <Tag aria-hidden className="size-5 text-brand-700" />}
                      </span>
                    )}
                    <div className="min-w-0">
                      <h3
                        id={`category-${category.id}`}
                        className="font-semibold break-words text-stone-900"
                      >
                        {category.name}
                      </h3>
                      <p className="truncate text-sm text-stone-600">
                        /{category.slug}
                        {category.imageUrl && category.icon && (
                          <span className="ml-2" title="Icono">
                            {category.icon}
                          </span>
                        )}
                      </p>
                    </div>
                  </div>
                  <p className="text-sm text-stone-700">
                    {category.merchantCount}{" "}
                    {plural(category.merchantCount, "comercio", "comercios")}
                  </p>
                  <div className="mt-auto flex gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(category)}>
                      <Pencil aria-hidden />
                      Editar
                    </Button>
                    <Button variant="destructive" size="sm" onClick={() => setDeleting(category)}>
                      <Trash2 aria-hidden />
                      Eliminar
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className={WIDE_DIALOG}>
          <DialogHeader>
            <DialogTitle>Editar Categoría</DialogTitle>
            <DialogDescription>{editing?.name}</DialogDescription>
          </DialogHeader>
          {editing && (
            <CategoryForm
              key={editing.id}
              mode="edit"
              category={editing}
              onCancel={() => setEditing(null)}
              onSubmit={async (payload) => {
                await update.mutateAsync({ id: editing.id, payload });
                setEditing(null);
              }}
            />
          )}
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="¿Eliminar categoría?"
        description={
          <p>
            Se eliminará <strong>{deleting?.name}</strong>. Una categoría no se puede eliminar si
            tiene comercios o productos asociados.
          </p>
        }
      />
    </div>
  );
}
