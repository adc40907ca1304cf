import { Link } from "react-router";
import { localized, t } from "../../i18n/index.ts";
import { CropTile } from "./crop-tile.tsx";
import { cropPath, problemPath, useFindCropsQuery, useGetCropsQuery } from "./crops-api.ts";
import { useRememberedCrop } from "./remembered-crop.ts";

/**
 * The home page's "Shop by crop": a row of crop tiles (scrolling sideways on a phone), the
 * farmer's remembered crop first, and "See all crops".
 */
export function ShopByCrop() {
  const { data } = useGetCropsQuery();
  const mine = useRememberedCrop();
  if (!data || data.crops.length === 0) return null;
  const own = data.crops.find((crop) => crop.slug === mine);
  const crops = own ? [own, ...data.crops.filter((crop) => crop !== own)] : data.crops;
  return (
    <nav className="shop-by-crop" aria-labelledby="shop-by-crop">
      <p className="shop-by-crop__head">
        <span id="shop-by-crop" className="shop-by-crop__title">
          {t("Shop by crop")}
        </span>
        <Link to="/crops">{t("See all crops")}</Link>
      </p>
      <ul className="crop-row list-unstyled">
        {crops.map((crop) => (
          <li key={crop.slug}>
            <CropTile crop={crop} mine={crop === own} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Above a search's results: the crop and problem pages its words name ("Whitefly on Cotton"). */
export function CropMatches({ keyword }: { keyword: string }) {
  const { currentData } = useFindCropsQuery(keyword.trim(), { skip: !keyword.trim() });
  if (!currentData || currentData.pages.length === 0) return null;
  return (
    <ul className="crop-matches list-unstyled">
      {currentData.pages.map(({ crop, problem }) => {
        const cropName = localized(crop.name, crop.nameHi);
        return (
          <li key={problem ? `${crop.slug}/${problem.slug}` : crop.slug}>
            {problem ? (
              <Link to={problemPath(crop.slug, problem.slug)}>
                {t("{problem} on {crop}: products for it", { problem: localized(problem.name, problem.nameHi), crop: cropName })}
              </Link>
            ) : (
              <Link to={cropPath(crop.slug)}>{t("{crop}: seeds and inputs", { crop: cropName })}</Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
