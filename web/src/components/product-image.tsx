import { useImageConfig } from "../base/config-api.ts";
import { imageSrcSet, imageUrl } from "../lib/image-url.ts";

interface ProductImageProps {
  /** Relative path from the API ("images/urea.webp"); none gives an <img> with no src (spec). */
  path: string | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Intrinsic size against layout shift (product images are 4:3). */
  width?: number;
  height?: number;
  /** Load at once (above the fold) rather than lazily. */
  eager?: boolean;
  /** The page's main image (LCP): fetch with high priority. */
  priority?: boolean;
  className?: string;
}

/** A product image as responsive WebP: the width variants in srcset. */
export function ProductImage({
  path,
  alt,
  sizes,
  width = 640,
  height = 480,
  eager = false,
  priority = false,
  className,
}: ProductImageProps) {
  const images = useImageConfig();
  const src = images && imageUrl(path, images.base);
  return (
    <img
      // Loading hints first, then sizes, then the sources: browsers pick as attributes arrive.
      loading={eager || priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      width={width}
      height={height}
      alt={alt}
      className={["product-image", className].filter(Boolean).join(" ")}
      sizes={src ? sizes : undefined}
      srcSet={images && imageSrcSet(path, images.base, images.widths)}
      src={src}
    />
  );
}
