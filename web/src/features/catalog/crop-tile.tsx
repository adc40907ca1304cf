import type { Crop } from "@krishi/contract";
import { Link } from "react-router";
import { useImageConfig } from "../../base/config-api.ts";
import { localized, t } from "../../i18n/index.ts";
import { imageVariant } from "../../lib/image-url.ts";
import { cropPath } from "./crops-api.ts";

/** How wide a crop's picture is drawn (CSS pixels; the variant is chosen for 2× screens). */
const TILE_IMAGE = 64;

/** A crop's tile: its picture and its name, linking to its page; "Your crop" on the farmer's own. */
export function CropTile({ crop, mine = false }: { crop: Crop; mine?: boolean }) {
  const images = useImageConfig();
  const src = images ? imageVariant(crop.image, images.base, images.widths, TILE_IMAGE * 2) : undefined;
  return (
    <Link className={mine ? "crop-tile crop-tile--mine" : "crop-tile"} to={cropPath(crop.slug)}>
      <span className="crop-tile__image">
        {src && <img src={src} alt="" width={TILE_IMAGE} height={TILE_IMAGE} loading="lazy" decoding="async" />}
      </span>
      <span className="crop-tile__name">{localized(crop.name, crop.nameHi)}</span>
      {/* A space between the name and the mark: the link's name reads "Cotton Your crop". */}
      {mine && (
        <>
          {" "}
          <span className="crop-tile__mine">{t("Your crop")}</span>
        </>
      )}
    </Link>
  );
}
