import { useLingui } from "@lingui/react/macro";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { ACCEPTED_IMAGE_TYPES } from "../../../shared/schemas/product-form.ts";
import { FieldShell } from "../../components/field-shell.tsx";
import { PhotoIcon } from "../../components/icons.tsx";

/** The new product's photo: the file input, and the photo as shoppers will see it once one is chosen. */
export function ProductPhotoField({
  image,
  onChoose,
  error,
  invalidBy,
}: {
  image: File | null;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  invalidBy: string | undefined;
}) {
  const { t } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    setPreviewFailed(false);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return (
    <FieldShell
      label={t`Product image`}
      hint={t`JPEG, PNG, WebP, GIF or AVIF, up to 25 MB (a large photo is made smaller before it is sent).`}
      error={error}
      invalidBy={invalidBy}
    >
      {(control) => (
        <>
          <div
            className={`mt-2 flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-stone-50 ${control["aria-invalid"] ? "border-red-600" : "border-stone-300"}`}
          >
            {preview && !previewFailed ? (
              <img
                src={preview}
                alt={t`Your product as shoppers will see it`}
                onError={() => setPreviewFailed(true)}
                className="h-full w-full object-cover"
              />
            ) : (
              <div className="flex flex-col items-center gap-2 px-4 text-center text-stone-600">
                <PhotoIcon className="h-10 w-10" />
                <span className="text-sm">
                  {previewFailed ? t`This file cannot be shown as a picture.` : t`No photo chosen yet`}
                </span>
              </div>
            )}
          </div>
          <input
            {...control}
            name="image"
            type="file"
            required
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            onChange={onChoose}
            className="mt-3 block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
        </>
      )}
    </FieldShell>
  );
}

/** How far the photo's upload is, then that the product is being saved. */
export function UploadProgress({ percent }: { percent: number }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div>
      <div className="flex justify-between text-sm text-stone-700">
        <span id={`${id}-progress-label`}>
          {percent < 100 ? t`Uploading photo...` : t`Saving product...`}
        </span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-progress-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
