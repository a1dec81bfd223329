import { Trans, useLingui } from "@lingui/react/macro";
import type { Product } from "../../../shared/schemas/products.ts";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { useDeleteProduct } from "./delete-product.api.ts";
import { productName } from "./product-labels.ts";
import { productToasts } from "./product-texts.ts";

/** Asks before deleting one's own product, then deletes it and says how it went (product rules §8). */
export function DeleteProductDialog({
  product,
  onClose,
  onDeleted,
}: {
  product: Product;
  onClose: () => void;
  /** Called once the product is gone (its card, which opened this dialog, goes with it). */
  onDeleted: () => void;
}) {
  const { t } = useLingui();
  const deletion = useDeleteProduct();
  const name = productName(product.name);

  const confirm = () =>
    deletion.mutate(product.id, {
      onSuccess: () => {
        toast.success(productToasts.deleted());
        onClose();
        onDeleted();
      },
      onError: () => toast.error(productToasts.deleteFailed()),
    });

  return (
    <ModalDialog title={t`Delete this product?`} onClose={onClose}>
      <p className="text-stone-700">
        <Trans>
          <strong className="font-semibold">{name}</strong> will be removed from the shop. This cannot be
          undone.
        </Trans>
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} data-autofocus>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deletion.isPending}>
          {deletion.isPending ? t`Deleting...` : t`Delete product`}
        </Button>
      </div>
    </ModalDialog>
  );
}
