import { type ProductImage as ApiImage, PRODUCT_IMAGE_SIZES } from "@krishi/contract";
import { type KeyboardEvent, useRef, useState } from "react";
import { useImageConfig } from "../../base/config-api.ts";
import { ProductImage } from "../../components/product-image.tsx";
import { t } from "../../i18n/index.ts";
import { imageVariant } from "../../lib/image-url.ts";
import { ProductLightbox } from "./product-lightbox.tsx";
import { arrowStep, useGestures } from "./use-gestures.ts";

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

/**
 * The main image (the page's largest, rendered by the server and fetched first) and, for several
 * images, thumbnails that choose it (each a 44×44 px tap area at least, whatever its image size).
 * A swipe on the main image shows the next or previous one (the page still scrolls vertically under
 * the finger), the arrow keys do on a thumbnail; a tap on it, or its Enlarge button, opens it full
 * screen, where it can be pinched to zoom.
 */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const config = useImageConfig();
  const enlarge = useRef<HTMLButtonElement>(null);
  const thumbnails = useRef<HTMLUListElement>(null);
  const count = images.length;
  const current = images[selected] ?? images[0];
  const thumb = thumbSize(count);
  const show = (index: number) => setSelected(Math.min(Math.max(index, 0), Math.max(count - 1, 0)));
  const gestures = useGestures({ onSwipe: (step) => show(selected + step), onTap: () => setEnlarged(true) });

  /** An arrow key shows the image beside; on a thumbnail, the focus follows to that image's thumbnail. */
  function arrows(event: KeyboardEvent<HTMLButtonElement>) {
    const step = arrowStep(event.key);
    if (step === 0) return;
    event.preventDefault();
    const next = Math.min(Math.max(selected + step, 0), count - 1);
    show(next);
    if (thumbnails.current?.contains(event.currentTarget)) thumbnails.current.querySelectorAll("button")[next]?.focus();
  }

  return (
    <div className="product-gallery">
      {/* A tap on the image enlarges it too; the Enlarge button is the way for the keyboard and screen readers. */}
      <div className="product-gallery__stage" {...gestures}>
        <ProductImage
          path={current?.image}
          alt={count > 1 ? t("{name}, image {number} of {count}", { name, number: selected + 1, count }) : name}
          sizes={PRODUCT_IMAGE_SIZES}
          priority
          className="w-100 rounded"
        />
        {current && (
          <button
            ref={enlarge}
            type="button"
            className="product-gallery__enlarge"
            aria-label={t("Enlarge image")}
            aria-haspopup="dialog"
            onClick={() => setEnlarged(true)}
            onKeyDown={arrows}
          >
            <span className="icon icon-search" aria-hidden="true" />
          </button>
        )}
      </div>
      {count > 1 && (
        <ul ref={thumbnails} className="list-unstyled d-flex flex-wrap gap-1 mt-2 mb-0">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="thumbnail-button"
                aria-label={t("Show image {number}", { number: index + 1 })}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                onKeyDown={arrows}
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
      {enlarged && (
        <ProductLightbox
          images={images}
          name={name}
          selected={selected}
          onSelect={show}
          onClose={() => {
            setEnlarged(false);
            enlarge.current?.focus();
          }}
        />
      )}
    </div>
  );
}
