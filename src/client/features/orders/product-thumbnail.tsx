import { ImagePlaceholderIcon } from "./icons.tsx";

/** A cart line's picture, or the spec's "No Image" tile when the product has none. */
export function ProductThumbnail({ src, size = "h-20 w-20" }: { src: string; size?: string }) {
  if (!src) {
    return (
      <div
        className={`${size} flex shrink-0 flex-col items-center justify-center gap-1 rounded-lg bg-stone-100 text-xs text-stone-600`}
      >
        <ImagePlaceholderIcon />
        No Image
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
