import type { Product, ProductImage } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { useImageConfig } from "../../app/config-api.ts";
import { Message } from "../../components/message.tsx";
import { errorText } from "../../lib/api-error.ts";
import { imageVariant } from "../../lib/image-url.ts";
import { useDeleteImageMutation, useReorderImagesMutation } from "./admin-api.ts";
import { ImageUploader } from "./image-uploader.tsx";

/** Asked before an image goes (the files are removed for good). */
export const DELETE_IMAGE = "Are you sure you want to delete this image?";

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
        Images
      </h2>
      {failure && <Message variant="danger">{errorText(failure, "detail")}</Message>}
      {images.length === 0 ? (
        <p className="text-body-secondary">No images yet</p>
      ) : (
        <ol className="list-unstyled row g-3">
          {images.map((image, index) => (
            <li key={image.id} className="col-6">
              <ImagePreview image={image} alt={`Image ${index + 1} of ${product.name}`} />
              {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would break the button group's corners */}
              <div className="btn-group btn-group-sm mt-1 flex-wrap" role="group" aria-label={`Image ${index + 1}`}>
                <Button variant="outline-secondary" disabled={busy || index === 0} onClick={() => move(index, index - 1)}>
                  Move up
                </Button>
                <Button variant="outline-secondary" disabled={busy || index === images.length - 1} onClick={() => move(index, index + 1)}>
                  Move down
                </Button>
                <Button
                  variant="outline-danger"
                  disabled={busy}
                  onClick={() => window.confirm(DELETE_IMAGE) && deleteImage({ product: _id, image: image.id })}
                >
                  Delete image
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
