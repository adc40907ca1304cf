import { type CropPage, type CropProblem, type ProductSummary, SEASONS, type Season } from "@krishi/contract";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { useImageConfig } from "../../base/config-api.ts";
import { PageTitle } from "../../base/page-title.tsx";
import { Loader } from "../../components/loader.tsx";
import { Message } from "../../components/message.tsx";
import { ProductImage } from "../../components/product-image.tsx";
import { localized, type Message as MessageId, t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { imageVariant } from "../../lib/image-url.ts";
import { formatPrice } from "../../lib/price.ts";
import { CropTile } from "./crop-tile.tsx";
import { cropPath, problemPath, useGetCropQuery, useGetCropsQuery, useGetProblemQuery } from "./crops-api.ts";
import { ProductCard } from "./product-card.tsx";
import { rememberCrop } from "./remembered-crop.ts";
import "./catalog.css";
import "./crops.css";

/** The seasons' names, in the order the crops page shows them. */
export const SEASON_NAMES: Record<Season, MessageId> = {
  kharif: "Kharif (monsoon)",
  rabi: "Rabi (winter)",
  zaid: "Zaid (summer)",
};

/** /crops: every crop, grouped by the seasons it is sown in (a crop of several seasons in each). */
export function CropsScreen() {
  const { data, error, isFetching } = useGetCropsQuery();
  return (
    <>
      <PageTitle text={t("All crops")} />
      <h1>{t("Shop by crop")}</h1>
      <p className="crops-intro">{t("Choose your crop: its problems, and the seeds and inputs for it.")}</p>
      {error && !isFetching ? (
        <Message variant="danger">{errorText(error, "message")}</Message>
      ) : !data ? (
        <Loader />
      ) : (
        SEASONS.map((season) => {
          const crops = data.crops.filter((crop) => crop.seasons.includes(season));
          return (
            crops.length > 0 && (
              <section key={season} className="crop-season" aria-labelledby={`season-${season}`}>
                <h2 id={`season-${season}`} className="h4">
                  {t(SEASON_NAMES[season])}
                </h2>
                <ul className="crop-grid list-unstyled">
                  {crops.map((crop) => (
                    <li key={crop.slug}>
                      <CropTile crop={crop} />
                    </li>
                  ))}
                </ul>
              </section>
            )
          );
        })
      )}
    </>
  );
}

/** An answer of the crops' API that names no crop or problem. */
function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 404;
}

/** A crop or problem address the shop does not have: the words of the server's not-found page. */
function PageNotFound() {
  return (
    <>
      <PageTitle text={t("Page not found")} />
      <h1>{t("Page not found")}</h1>
      <p>{t("There is nothing at this address.")}</p>
      <Link to="/crops">{t("See all crops")}</Link>
    </>
  );
}

/** Crops › Cotton (› Whitefly): the way back up. */
function Trail({ crop, here }: { crop?: { slug: string; name: string }; here: string }) {
  return (
    <nav aria-label={t("Breadcrumb")}>
      <ol className="crop-trail">
        <li>
          <Link to="/crops">{t("All crops")}</Link>
        </li>
        {crop && (
          <li>
            <Link to={cropPath(crop.slug)}>{crop.name}</Link>
          </li>
        )}
        <li aria-current="page">{here}</li>
      </ol>
    </nav>
  );
}

/** /crop/{slug}: the crop, its problems by growth stage, then its seeds and inputs. Opening it remembers the crop. */
export function CropScreen() {
  const { crop: slug = "" } = useParams();
  const { currentData, error, isFetching } = useGetCropQuery(slug);
  const found = Boolean(currentData);
  useEffect(() => {
    if (found) rememberCrop(slug);
  }, [found, slug]);
  if (error && !isFetching) return isMissing(error) ? <PageNotFound /> : <Message variant="danger">{errorText(error, "message")}</Message>;
  if (!currentData) return <Loader />;
  return <CropDetails page={currentData} />;
}

function CropDetails({ page }: { page: CropPage }) {
  const { crop, problems, products } = page;
  const name = localized(crop.name, crop.nameHi);
  const images = useImageConfig();
  const picture = images ? imageVariant(crop.image, images.base, images.widths, 240) : undefined;
  // The problems by the stage they appear at, in the crop's order of stages; those of any stage last.
  const stages = [
    ...crop.stages.map((stage) => ({ slug: stage.slug, name: localized(stage.name, stage.nameHi) })),
    { slug: "", name: t("At any stage") },
  ];
  const byStage = stages
    .map((stage) => ({
      ...stage,
      problems: problems.filter(
        (problem) => problem.stage === stage.slug || (stage.slug === "" && !crop.stages.some((s) => s.slug === problem.stage)),
      ),
    }))
    .filter((stage) => stage.problems.length > 0);
  return (
    <>
      <PageTitle text={name} />
      <Trail here={name} />
      <div className="crop-head">
        {picture && <img className="crop-head__image" src={picture} alt="" width={120} height={120} />}
        <div>
          <h1>{name}</h1>
          <p className="crop-head__seasons">{crop.seasons.map((season) => t(SEASON_NAMES[season])).join(" · ")}</p>
        </div>
      </div>
      {byStage.length > 0 && (
        <section className="crop-problems" aria-labelledby="problems-heading">
          <h2 id="problems-heading" className="h4">
            {t("Problems of {crop}", { crop: name })}
          </h2>
          {byStage.map((stage) => (
            <div key={stage.slug} className="crop-stage">
              <h3 className="h6 crop-stage__name">{stage.name}</h3>
              <ul className="problem-links list-unstyled">
                {stage.problems.map((problem) => (
                  <li key={problem.slug}>
                    <ProblemLink crop={crop.slug} problem={problem} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <section aria-labelledby="inputs-heading">
        <h2 id="inputs-heading" className="h4">
          {t("Seeds and inputs for {crop}", { crop: name })}
        </h2>
        {products.length === 0 ? (
          <p>{t("No products found")}</p>
        ) : (
          <ul className="row list-unstyled g-2 g-sm-3 product-grid">
            {products.map((product) => (
              <li key={product._id} className="col-6 col-lg-4 col-xl-3">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ProblemLink({ crop, problem }: { crop: string; problem: CropProblem }) {
  return (
    <Link className="problem-link" to={problemPath(crop, problem.slug)}>
      {localized(problem.name, problem.nameHi)}
    </Link>
  );
}

/** /crop/{slug}/{problem}: the problem's symptoms, then the products for it, best first. Opening it remembers the crop too. */
export function ProblemScreen() {
  const { crop = "", problem = "" } = useParams();
  const { currentData, error, isFetching } = useGetProblemQuery({ crop, problem });
  const found = Boolean(currentData);
  useEffect(() => {
    if (found) rememberCrop(crop);
  }, [found, crop]);
  if (error && !isFetching) return isMissing(error) ? <PageNotFound /> : <Message variant="danger">{errorText(error, "message")}</Message>;
  if (!currentData) return <Loader />;
  const cropName = localized(currentData.crop.name, currentData.crop.nameHi);
  const name = localized(currentData.problem.name, currentData.problem.nameHi);
  const heading = t("{problem} on {crop}", { problem: name, crop: cropName });
  const symptoms = localized(currentData.problem.symptoms, currentData.problem.symptomsHi);
  return (
    <>
      <PageTitle text={heading} />
      <Trail crop={{ slug: currentData.crop.slug, name: cropName }} here={name} />
      <h1>{heading}</h1>
      {symptoms && (
        <section className="problem-symptoms" aria-labelledby="symptoms-heading">
          <h2 id="symptoms-heading" className="h5">
            {t("Signs to look for")}
          </h2>
          {symptoms.split(/\n+/).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
      <section aria-labelledby="for-problem-heading">
        <h2 id="for-problem-heading" className="h4">
          {t("Products for {problem}", { problem: name })}
        </h2>
        {currentData.products.length === 0 ? (
          <p>{t("No products found")}</p>
        ) : (
          <ol className="problem-products list-unstyled">
            {currentData.products.map((product, index) => (
              <li key={product._id}>
                <ProblemProduct product={product} first={index === 0} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** A product for a problem: its picture, name, default pack and price; a pesticide's note on its label claim. */
function ProblemProduct({ product, first }: { product: ProductSummary; first: boolean }) {
  const name = localized(product.name, product.nameHi);
  const pack = product.variants[0];
  return (
    <div className="problem-product">
      <ProductImage
        path={product.images[0]?.image}
        alt=""
        sizes="96px"
        width={96}
        height={72}
        priority={first}
        className="problem-product__image"
      />
      <div className="problem-product__body">
        <h3 className="h6 problem-product__name">
          <Link to={`/product/${product._id}`}>{name}</Link>
        </h3>
        <p className="problem-product__price">
          {pack && <span className="problem-product__pack">{pack.label}</span>} <strong>{formatPrice(pack?.price ?? product.price)}</strong>
        </p>
        {product.variants.every((p) => p.countInStock < 1) && <p className="problem-product__stock">{t("Out of Stock")}</p>}
        {product.label.kind === "pesticide" && (
          <p className="problem-product__claim">{t("A pesticide is recommended only for the crops and pests its label claim names.")}</p>
        )}
      </div>
    </div>
  );
}
