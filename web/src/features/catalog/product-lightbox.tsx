import type { ProductImage as ApiImage } from "@krishi/contract";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import Button from "react-bootstrap/Button";
import { ProductImage } from "../../components/product-image.tsx";
import { t } from "../../i18n/index.ts";
import { arrowStep, useGestures } from "./use-gestures.ts";

interface ProductLightboxProps {
  images: ApiImage[];
  name: string;
  selected: number;
  onSelect: (index: number) => void;
  /** It closed (Escape, its close button, a tap on the image). */
  onClose: () => void;
}

/**
 * A product's image full screen, as large as the screen takes it, for a closer look: the browser's
 * own modal dialog (the rest of the page inert while it is open, so the focus stays inside), which
 * Escape, its close button or a tap on the image closes. The arrow keys, a swipe and Previous /
 * Next go between the images. The page may be pinched to zoom in on it; while it is zoomed in, a
 * finger pans instead of swiping.
 */
export function ProductLightbox({ images, name, selected, onSelect, onClose }: ProductLightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const count = images.length;
  const image = images[selected];
  const pinched = usePinched();
  const close = () => dialog.current?.close();
  const gestures = useGestures({ onSwipe: (step) => pinched || onSelect(selected + step), onTap: close });

  useEffect(() => {
    const shown = dialog.current;
    if (shown && !shown.open) shown.showModal();
    return () => shown?.close();
  }, []);

  function arrows(event: KeyboardEvent) {
    const step = arrowStep(event.key);
    if (step === 0) return;
    event.preventDefault();
    onSelect(selected + step);
  }

  return (
    <dialog ref={dialog} className="product-lightbox" aria-labelledby={titleId} onClose={onClose} onKeyDown={arrows}>
      <div className="product-lightbox__header">
        <h2 id={titleId} className="h5 product-lightbox__title">
          {name}
        </h2>
        <button type="button" className="btn-close btn-close-white" aria-label={t("Close")} onClick={close} />
      </div>
      {/* A tap on the picture closes it, as Escape and the close button do. */}
      <div className={pinched ? "product-lightbox__body product-lightbox__body--pinched" : "product-lightbox__body"} {...gestures}>
        <ProductImage
          path={image?.image}
          alt={count > 1 ? t("{name}, image {number} of {count}", { name, number: selected + 1, count }) : name}
          sizes="100vw"
          eager
          className="product-lightbox__image"
        />
      </div>
      {count > 1 && (
        <div className="product-lightbox__footer">
          <Button variant="outline-light" disabled={selected === 0} onClick={() => onSelect(selected - 1)}>
            {t("Previous image")}
          </Button>
          <span aria-hidden="true">
            {selected + 1} / {count}
          </span>
          <Button variant="outline-light" disabled={selected === count - 1} onClick={() => onSelect(selected + 1)}>
            {t("Next image")}
          </Button>
        </div>
      )}
    </dialog>
  );
}

/** Whether the page is pinched to zoom in (the visual viewport scaled up). */
function usePinched(): boolean {
  const [pinched, setPinched] = useState(false);
  useEffect(() => {
    const viewport = globalThis.visualViewport;
    if (!viewport) return;
    const check = () => setPinched(viewport.scale > 1.01);
    check();
    viewport.addEventListener("resize", check);
    return () => viewport.removeEventListener("resize", check);
  }, []);
  return pinched;
}
