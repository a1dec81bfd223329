import { MAX_IMAGE_WIDTH } from "../../../shared/photo.ts";
import { MAX_IMAGE_BYTES } from "../../../shared/schemas/product-form.ts";

/** Below this, a photo goes as chosen without being decoded: resizing would save little and cost a decode. */
const SMALL_ENOUGH_BYTES = 1024 * 1024;
/** The encoder's quality: the server re-encodes to WebP anyway, so this only needs to keep the detail. */
const QUALITY = 0.9;

/** Thrown when a photo too large to send as it is cannot be decoded here to be resized. */
export class UnreadablePhotoError extends Error {}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * The photo to upload (decision 028): a phone camera's photo (up to 25 MB, 4000 px and more, often turned by
 * its EXIF orientation) is drawn upright at most MAX_IMAGE_WIDTH wide, the widest the server keeps, and encoded
 * as WebP (JPEG where the browser cannot write WebP); a photo that is already small goes as it is, and so does
 * one this browser cannot decode but the server may take (under its 8 MB). The server checks every upload again.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SMALL_ENOUGH_BYTES || file.type === "image/gif") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    if (file.size <= MAX_IMAGE_BYTES) return file;
    throw new UnreadablePhotoError(file.name);
  }
  try {
    const scale = Math.min(1, MAX_IMAGE_WIDTH / bitmap.width);
    if (scale === 1 && file.size <= MAX_IMAGE_BYTES) return file;
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext("2d");
    if (!context) throw new UnreadablePhotoError(file.name);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // NOTE: a browser that cannot write WebP hands back a PNG instead; JPEG is then the smaller choice.
    let blob = await encode(canvas, "image/webp");
    if (blob?.type !== "image/webp") blob = await encode(canvas, "image/jpeg");
    if (!blob) throw new UnreadablePhotoError(file.name);
    if (blob.size >= file.size && file.size <= MAX_IMAGE_BYTES) return file;
    const extension = blob.type === "image/webp" ? "webp" : "jpg";
    const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.${extension}`;
    return new File([blob], name, { type: blob.type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
