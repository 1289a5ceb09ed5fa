import { Table } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { PAGE_SIZE } from "../lib/api"

/** The words of Medusa's pagination (Table.Pagination and DataTable.Pagination), in the admin's language. */
export const paginationTranslations = (t: TFunction<"piastrix">) => ({
  of: t("common.of"),
  results: t("common.results"),
  pages: t("common.pages"),
  prev: t("common.prev"),
  next: t("common.next"),
})

/** Medusa's table pagination over an offset, `PAGE_SIZE` rows a page. */
export const Paging = ({
  count,
  offset,
  setOffset,
}: {
  count: number
  offset: number
  setOffset: (offset: number) => void
}) => {
  const { t } = useTranslation("piastrix")
  return (
    <Table.Pagination
      count={count}
      pageSize={PAGE_SIZE}
      pageIndex={Math.floor(offset / PAGE_SIZE)}
      pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))}
      canPreviousPage={offset > 0}
      canNextPage={offset + PAGE_SIZE < count}
      previousPage={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
      nextPage={() => setOffset(offset + PAGE_SIZE)}
      translations={paginationTranslations(t)}
    />
  )
}
