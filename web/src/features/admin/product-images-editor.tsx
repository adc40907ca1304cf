import type { Product, ProductImage } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { useImageConfig } from "../../base/config-api.ts";
import { Message } from "../../components/message.tsx";
import { type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { imageVariant } from "../../lib/image-url.ts";
import { useDeleteImageMutation, useReorderImagesMutation } from "./admin-api.ts";
import { ImageUploader } from "./image-uploader.tsx";

/** Asked before an image goes (the files are removed for good). */
export const DELETE_IMAGE = "Are you sure you want to delete this image?" satisfies MessageId;

/** The product's images in their order (the first is the card's): move, delete, upload more. */
export function ProductImagesEditor({ product }: { product: Product }) {
  const [deleteImage, deletion] = useDeleteImageMutation();
  const [reorderImages, reordering] = useReorderImagesMutation();
  const busy = deletion.isLoading || reordering.isLoading;
  const failure = deletion.error ?? reordering.error;
  const { images, _id } = product;

  function move(from: number, to: number) {
    const ids = images.map((image) => image.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorderImages({ product: _id, images: ids });
  }

  return (
    <section aria-labelledby="images-heading">
      <h2 id="images-heading" className="h4">
        {t("Images")}
      </h2>
      {failure && <Message variant="danger">{errorText(failure, "detail")}</Message>}
      {images.length === 0 ? (
        <p className="text-body-secondary">{t("No images yet")}</p>
      ) : (
        <ol className="list-unstyled row g-3 staff-image-actions">
          {images.map((image, index) => (
            <li key={image.id} className="col-12 col-sm-6">
              <ImagePreview image={image} alt={t("Image {index} of {name}", { index: index + 1, name: product.name })} />
              {/* biome-ignore lint/a11y/useSemanticElements: the image above names the group; a fieldset would want a legend of its own */}
              <div className="d-flex flex-wrap gap-1 mt-1" role="group" aria-label={t("Image {index}", { index: index + 1 })}>
                <Button variant="outline-secondary" size="sm" disabled={busy || index === 0} onClick={() => move(index, index - 1)}>
                  {t("Move up")}
                </Button>
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={busy || index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  {t("Move down")}
                </Button>
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={busy}
                  onClick={() => window.confirm(t(DELETE_IMAGE)) && deleteImage({ product: _id, image: image.id })}
                >
                  {t("Delete image")}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ImageUploader product={_id} />
    </section>
  );
}

function ImagePreview({ image, alt }: { image: ProductImage; alt: string }) {
  const config = useImageConfig();
  return (
    <img
      src={config && imageVariant(image.image, config.base, config.widths, 320)}
      alt={alt}
      width={320}
      height={240}
      className="product-image img-thumbnail"
    />
  );
}
