import { XCircle } from "@medusajs/icons"
import { Button, createDataTableColumnHelper, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { ActionMenu } from "../action-menu"
import { DataList } from "../data-list"
import { TextField } from "../field"
import {
  PAGE_SIZE,
  useLinkProducts,
  useProductSearch,
  useRecipientProducts,
} from "../../lib/api"
import { runMutation } from "../../lib/run-mutation"
import { useFailureToast } from "../failure-toast"

type Product = { id: string; title: string }
const productColumns = createDataTableColumnHelper<Product>()

/**
 * The products whose sales earn the recipient its share, as a DataTable (all of them come in one read, so
 * it pages them here), *Unlink* behind "…"; above, a search of the store's products to *Link* one.
 */
export function ProductsSection({ id }: { id: string }) {
  const { t } = useTranslation("piastrix")
  const { data, isLoading, error } = useRecipientProducts(id)
  const link = useLinkProducts(id)
  const [q, setQ] = useState("")
  const [pageIndex, setPageIndex] = useState(0)
  const found = useProductSearch(q)
  const failed = useFailureToast()
  const change = (body: { add?: string[]; remove?: string[] }) =>
    runMutation(link, body, () => {}, failed(t("recipients.productsFailed")))
  const linked = new Set(data?.products.map((p) => p.id))
  const columns = useMemo(
    () => [
      productColumns.accessor("title", { header: t("recipients.product") }),
      productColumns.display({
        id: "action",
        cell: ({ row }) => (
          <ActionMenu
            groups={[
              [
                {
                  icon: <XCircle />,
                  label: t("recipients.unlink"),
                  onClick: () => change({ remove: [row.original.id] }),
                },
              ],
            ]}
          />
        ),
      }),
    ],
    // `change` is a new function each render and only calls the stable mutation.
    [t]
  )
  return (
    <DataList
      heading={t("recipients.products")}
      filters={
        <div className="flex w-full flex-col gap-y-2">
          <TextField
            id="piastrix-product-search"
            label={t("recipients.findProduct")}
            type="search"
            value={q}
            onChange={setQ}
          />
          {found.data?.products
            .filter((p) => !linked.has(p.id))
            .map((p) => (
              <div key={p.id} className="flex items-center justify-between">
                <Text size="small">{p.title}</Text>
                <Button
                  size="small"
                  variant="secondary"
                  isLoading={link.isPending}
                  onClick={() => change({ add: [p.id] })}
                >
                  {t("recipients.link")}
                </Button>
              </div>
            ))}
        </div>
      }
      rows={data?.products.slice(
        pageIndex * PAGE_SIZE,
        (pageIndex + 1) * PAGE_SIZE
      )}
      count={data?.products.length}
      columns={columns}
      getRowId={(p) => p.id}
      pageIndex={pageIndex}
      onPageIndex={setPageIndex}
      isLoading={isLoading}
      error={error}
      empty={{
        heading: t("recipients.noProducts"),
        description: t("recipients.noProductsDescription"),
      }}
    />
  )
}
