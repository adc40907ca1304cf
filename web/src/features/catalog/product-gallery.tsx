import { type ProductImage as ApiImage, PRODUCT_IMAGE_SIZES } from "@krishi/contract";
import { useState } from "react";
import { useImageConfig } from "../../app/config-api.ts";
import { ProductImage } from "../../components/product-image.tsx";
import { t } from "../../i18n/index.ts";
import { imageVariant } from "../../lib/image-url.ts";

/** The main image takes half the main column from md up, the whole width below. */

/** Thumbnails: 100×80 for up to 5 images, 50×40 for 6–10, 25×20 above 10 (docs/storefront.md, "Constants"). */
export function thumbSize(count: number): { width: number; height: number } {
  if (count > 10) return { width: 25, height: 20 };
  if (count > 5) return { width: 50, height: 40 };
  return { width: 100, height: 80 };
}

interface ProductGalleryProps {
  images: ApiImage[];
  name: string;
}

/** The main image and, for several images, thumbnails that choose it (each a 44×44 px tap area at least, whatever its image size). */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const config = useImageConfig();
  const current = images[selected] ?? images[0];
  const thumb = thumbSize(images.length);
  return (
    <div className="product-gallery">
      <ProductImage
        path={current?.image}
        alt={images.length > 1 ? t("{name}, image {number} of {count}", { name, number: selected + 1, count: images.length }) : name}
        sizes={PRODUCT_IMAGE_SIZES}
        priority
        className="w-100 rounded"
      />
      {images.length > 1 && (
        <ul className="list-unstyled d-flex flex-wrap gap-1 mt-2 mb-0">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="thumbnail-button"
                aria-label={t("Show image {number}", { number: index + 1 })}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <img
                  src={config && imageVariant(image.image, config.base, config.widths, thumb.width * 2)}
                  alt=""
                  width={thumb.width}
                  height={thumb.height}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
