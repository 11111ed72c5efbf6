import { PAGE_MAX } from "../../../shared/limits";
import { usePortalMerchant, usePortalProducts } from "../../lib/merchant-api";
import { ListError, ListLoading } from "../admin/list-states";
import { ReviewList } from "../reviews/review-list";
import { Card } from "../ui/card";
import { ReviewReplyEditor } from "./review-reply";

/**
 * 'Reseñas': the approved reviews of the shop and of each of its products that has some,
 * read from the public review lists (moderation stays with the administrators). Issue 37:
 * each may be answered once, editable, and 'Solo compras verificadas' filters them.
 */
export function ReviewsTab({ merchantId }: { merchantId: number }) {
  const merchant = usePortalMerchant(merchantId);
  // The newest 100 products (one page, the most a list answers): each with reviews gets its list.
  const products = usePortalProducts(merchantId, { limit: PAGE_MAX });
  if (merchant.isPending || products.isPending) return <ListLoading rows={2} />;
  if (merchant.isError || products.isError) return <ListError />;
  const reviewed = products.data.items.filter((product) => product.reviewCount > 0);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-stone-700">
        Aquí ves las reseñas ya aprobadas. Las nuevas aparecen cuando un administrador las revisa, y
        te avisamos por correo. Puedes responder cada una una vez; tu respuesta se muestra debajo de
        la reseña y puedes editarla o quitarla.
      </p>
      <Card className="p-4 sm:p-6">
        <ReviewList
          merchantId={merchantId}
          rating={merchant.data.rating}
          title={`Reseñas de ${merchant.data.name}`}
          merchantName={merchant.data.name}
          verifiedFilter
          renderActions={(review) => <ReviewReplyEditor merchantId={merchantId} review={review} />}
        />
      </Card>
      {reviewed.map((product) => (
        <Card key={product.id} className="p-4 sm:p-6">
          <ReviewList
            productId={product.id}
            rating={product.rating}
            title={`Reseñas de ${product.name}`}
            merchantName={merchant.data.name}
            verifiedFilter
            renderActions={(review) => (
              <ReviewReplyEditor merchantId={merchantId} review={review} />
            )}
          />
        </Card>
      ))}
      {reviewed.length === 0 && (
        <p className="text-sm text-stone-600">Tus productos aún no tienen reseñas aprobadas.</p>
      )}
    </div>
  );
}
