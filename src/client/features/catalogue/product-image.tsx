import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Product } from "../../../shared/schemas/products.ts";
import { PhotoIcon } from "../../components/icons.tsx";

/** The widths prepared on the server, as a `srcset` over the same image URL. */
export function imageSrcSet(product: Pick<Product, "image" | "imageWidths">): string | undefined {
  if (!product.image || !product.imageWidths?.length) return undefined;
  const base = product.image.split("?")[0];
  return product.imageWidths.map((width) => `${base}?w=${width} ${width}w`).join(", ");
}

interface ProductImageProps {
  product: Pick<Product, "image" | "imageWidths" | "imageWidth" | "imageHeight" | "name">;
  sizes: string;
  /** Images in the first row load at once; the rest wait until they near the screen. */
  eager?: boolean;
  /**
   * The screen's largest picture (its largest paint on a phone): asked for before the scripts the page
   * preloads, which otherwise share a slow link with it first.
   */
  priority?: boolean;
  /** `contain`: the whole photo shows (the product page); `cover` (cards): it fills its 4:3 box, cropped. */
  fit?: "cover" | "contain";
}

/** The product photo filling its (fixed aspect) box, or "No Image" when there is none or it fails. */
export function ProductImage({
  product,
  sizes,
  eager = false,
  priority = false,
  fit = "cover",
}: ProductImageProps) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  if (!product.image || failed) {
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-1 bg-stone-100 text-stone-600">
        <PhotoIcon className="h-8 w-8" />
        <span className="text-sm font-medium">
          <Trans>No Image</Trans>
        </span>
      </div>
    );
  }
  const srcSet = imageSrcSet(product);
  return (
    <img
      src={product.image}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={product.imageWidth}
      height={product.imageHeight}
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      alt={product.name || t`Unnamed Product`}
      onError={() => setFailed(true)}
      className={
        fit === "contain"
          ? "h-full w-full object-contain"
          : "h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
      }
    />
  );
}

/** Card images: a quarter of a wide screen, a third, a half, or the whole phone width. */
export const productGridSizes =
  "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
