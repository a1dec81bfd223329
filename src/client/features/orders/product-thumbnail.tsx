import { Trans } from "@lingui/react/macro";
import { PhotoIcon } from "../../components/icons.tsx";

/** A cart line's picture, or the product's "No Image" tile (product rules §2) when the product has none. */
export function ProductThumbnail({ src, compact = false }: { src: string; compact?: boolean }) {
  const size = compact ? "h-12 w-12" : "h-16 w-16 sm:h-20 sm:w-20";
  if (!src) {
    return (
      <div
        className={`${size} flex shrink-0 flex-col items-center justify-center gap-1 rounded-lg bg-stone-100 text-xs text-stone-600`}
      >
        <PhotoIcon className="h-6 w-6" />
        {compact ? (
          <span className="sr-only">
            <Trans>No Image</Trans>
          </span>
        ) : (
          <Trans>No Image</Trans>
        )}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      className={`${size} shrink-0 rounded-lg bg-stone-100 object-cover`}
    />
  );
}
