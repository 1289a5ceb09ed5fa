import {
  Container,
  DataTable,
  useDataTable,
  type DataTableColumnDef,
} from "@medusajs/ui"
import type { TFunction } from "i18next"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { PAGE_SIZE } from "../lib/api"
import { LoadFailed, SectionHeader } from "./states"

/**
 * Column widths, as DataTable sets them (a column without a size is TanStack's 150 px): `FIT`, as narrow as what
 * it shows (its cells do not wrap); `FILL`, the width the others leave (a column of sentences, such as a reason).
 * The browser gives a row's width out in proportion to these, never below what a cell needs.
 */
export const FIT = { size: 1 } as const
export const FILL = { size: 10_000 } as const

/** The words of Medusa's DataTable pagination, in the admin's language. */
const paginationTranslations = (t: TFunction<"piastrix">) => ({
  of: t("common.of"),
  results: t("common.results"),
  pages: t("common.pages"),
  prev: t("common.prev"),
  next: t("common.next"),
})

/**
 * A list as the dashboard's list pages and sections show one (`components/data-table`): a container with
 * the heading, a line under it and the actions (a *Create* button), the filters below, then Medusa's
 * `DataTable`, a page of `PAGE_SIZE` rows at a time read from the server, its empty state and pagination.
 * A read that failed shows why, with a way to ask again.
 */
export function DataList<T>({
  heading,
  subHeading,
  level,
  actions,
  filters,
  rows,
  count,
  columns,
  pageIndex,
  onPageIndex,
  isLoading,
  error,
  empty,
  onRowClick,
  getRowId,
}: {
  heading: string
  subHeading?: string
  level?: "h1" | "h2"
  actions?: ReactNode
  filters?: ReactNode
  rows: T[] | undefined
  count: number | undefined
  // A column's value type differs per column: the dashboard's lists type them `any` too.
  columns: DataTableColumnDef<T, any>[]
  pageIndex: number
  onPageIndex: (pageIndex: number) => void
  isLoading: boolean
  error: unknown
  empty: { heading: string; description?: string }
  onRowClick?: (row: T) => void
  getRowId: (row: T) => string
}) {
  const { t } = useTranslation("piastrix")
  const table = useDataTable({
    data: rows ?? [],
    columns,
    getRowId,
    rowCount: count ?? 0,
    isLoading,
    pagination: {
      state: { pageIndex, pageSize: PAGE_SIZE },
      onPaginationChange: (next) => onPageIndex(next.pageIndex),
    },
    ...(onRowClick
      ? { onRowClick: (_event: unknown, row: T) => onRowClick(row) }
      : {}),
  })
  return (
    <Container className="divide-y p-0">
      <DataTable instance={table}>
        <SectionHeader
          title={heading}
          subtitle={subHeading}
          level={level}
          actions={actions}
        />
        {filters ? (
          <DataTable.Toolbar className="flex flex-wrap items-end gap-3 px-6 py-4">
            {filters}
          </DataTable.Toolbar>
        ) : null}
        {error ? (
          <LoadFailed error={error} />
        ) : (
          <>
            <DataTable.Table emptyState={{ empty, filtered: empty }} />
            <DataTable.Pagination translations={paginationTranslations(t)} />
          </>
        )}
      </DataTable>
    </Container>
  )
}
