import type { ProductSummary } from "@krishi/contract";
import Button from "react-bootstrap/Button";
import { useNavigate } from "react-router";
import { useGetProductsQuery } from "../../base/catalog-api.ts";
import { Message } from "../../components/message.tsx";
import { Paginate } from "../../components/paginate.tsx";
import { ProductImage } from "../../components/product-image.tsx";
import { t } from "../../i18n/index.ts";
import { errorText } from "../../lib/api-error.ts";
import { fromPrice, stockTotal } from "../../lib/packs.ts";
import { useCreateProductMutation, useDeleteProductMutation } from "./admin-api.ts";
import { RequireStaff } from "./require-staff.tsx";
import { QueryState, SearchForm, useListParams } from "./staff-list.tsx";
import { type Column, StaffTable } from "./staff-table.tsx";

const COLUMNS: Column<ProductSummary>[] = [
  {
    heading: "Image",
    hideHeading: true,
    // The first picture, small (4:3) and lazily loaded; the name beside it says what it shows.
    cell: (product) => (
      <ProductImage
        path={product.images[0]?.image}
        alt={product.name}
        sizes="64px"
        width={64}
        height={48}
        className="rounded staff-thumb"
      />
    ),
  },
  { heading: "ID", cell: (product) => product._id },
  { heading: "NAME", cell: (product) => product.name, wide: true },
  { heading: "PRICE", cell: (product) => <span className="text-nowrap">{fromPrice(product)}</span> },
  { heading: "STOCK", cell: (product) => <Stock units={stockTotal(product)} /> },
  { heading: "HSN", cell: (product) => product.hsnCode },
  { heading: "GST", cell: (product) => <span className="text-nowrap">{t("{rate}%", { rate: product.gstRate })}</span> },
  { heading: "CATEGORY", cell: (product) => product.category.name },
  { heading: "BRAND", cell: (product) => product.brand },
];

/** /admin/productlist (staff): the catalogue, searchable and paged; create, edit and delete. */
export function ProductListScreen() {
  return (
    <RequireStaff>
      <title>{`${t("Products")} | Krishi Bazaar`}</title>
      <ProductList />
    </RequireStaff>
  );
}

function ProductList() {
  const navigate = useNavigate();
  const { search, page, hrefFor } = useListParams();
  const { currentData, error, isFetching } = useGetProductsQuery({ keyword: search, page });
  const [createProduct, creation] = useCreateProductMutation();
  const [deleteProduct, deletion] = useDeleteProductMutation();

  async function create() {
    const result = await createProduct();
    if (result.data) navigate(`/admin/product/${result.data._id}/edit`);
  }

  const failure = creation.error ?? deletion.error;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="mb-0">{t("Products")}</h1>
        <Button variant="primary" className="staff-tap" onClick={create} disabled={creation.isLoading}>
          <span aria-hidden="true">+ </span>
          {t("Create Product")}
        </Button>
      </div>
      <SearchForm label="Search products" placeholder="Search products..." />
      {failure && <Message variant="danger">{errorText(failure, "detail")}</Message>}
      <QueryState data={currentData} error={error} isFetching={isFetching}>
        {(data) =>
          data.products.length === 0 ? (
            <Message>{search ? t("No products match the search") : t("No products yet")}</Message>
          ) : (
            <>
              <StaffTable
                label="Products"
                columns={COLUMNS}
                items={data.products}
                editHref={(product) => `/admin/product/${product._id}/edit`}
                onDelete={(product) => deleteProduct(product._id)}
                confirmDelete="Are you sure you want to delete this product?"
                deleting={deletion.isLoading}
              />
              <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
            </>
          )
        }
      </QueryState>
    </>
  );
}

/** The units in stock over all packs; none stands out as "Out of Stock". */
function Stock({ units }: { units: number }) {
  return units > 0 ? units : <span className="stock-out text-nowrap">{t("Out of Stock")}</span>;
}
