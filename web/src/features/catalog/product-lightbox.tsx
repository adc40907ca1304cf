import type { ProductImage as ApiImage } from "@krishi/contract";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import Button from "react-bootstrap/Button";
import Modal from "react-bootstrap/Modal";
import { ProductImage } from "../../components/product-image.tsx";
import { t } from "../../i18n/index.ts";
import { arrowStep, useGestures } from "./use-gestures.ts";

interface ProductLightboxProps {
  show: boolean;
  images: ApiImage[];
  name: string;
  selected: number;
  onSelect: (index: number) => void;
  /** Asks to close (Escape, the close button, a tap on the image). */
  onClose: () => void;
  /** Closed: the focus goes back to what opened it. */
  onClosed: () => void;
}

/**
 * A product's image full screen, as large as the screen takes it, for a closer look: a modal dialog
 * (the focus kept inside it, and given back when it closes) that Escape, its close button or a tap on
 * the image closes. The arrow keys, a swipe and Previous / Next go between the images. The page may
 * be pinched to zoom in on it; while it is zoomed in, a finger pans instead of swiping.
 */
export function ProductLightbox({ show, images, name, selected, onSelect, onClose, onClosed }: ProductLightboxProps) {
  const titleId = useId();
  const count = images.length;
  const image = images[selected];
  const pinched = usePinched();
  const gestures = useGestures({ onSwipe: (step) => pinched || onSelect(selected + step), onTap: onClose });

  function arrows(event: KeyboardEvent) {
    const step = arrowStep(event.key);
    if (step === 0) return;
    event.preventDefault();
    onSelect(selected + step);
  }

  return (
    <Modal
      show={show}
      fullscreen
      onHide={onClose}
      onExited={onClosed}
      restoreFocus={false}
      aria-labelledby={titleId}
      className="product-lightbox"
      onKeyDown={arrows}
    >
      <Modal.Header closeButton closeLabel={t("Close")} closeVariant="white">
        <Modal.Title as="h2" id={titleId} className="h5 product-lightbox__title">
          {name}
        </Modal.Title>
      </Modal.Header>
      {/* A tap on the picture closes it, as Escape and the close button do. */}
      <div
        className={pinched ? "modal-body product-lightbox__body product-lightbox__body--pinched" : "modal-body product-lightbox__body"}
        {...gestures}
      >
        <ProductImage
          path={image?.image}
          alt={count > 1 ? t("{name}, image {number} of {count}", { name, number: selected + 1, count }) : name}
          sizes="100vw"
          eager
          className="product-lightbox__image"
        />
      </div>
      {count > 1 && (
        <div className="modal-footer product-lightbox__footer">
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
    </Modal>
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
