import { Container, Heading, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../lib/api"

/** A section of a page in Medusa's look: a heading row, then its body. */
export const Section = ({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) => (
  <Container className="divide-y p-0">
    <div className="flex items-center justify-between px-6 py-4">
      <Heading level="h2">{title}</Heading>
      {actions}
    </div>
    {children}
  </Container>
)

/** Loading, error and empty states of a section body; renders `children` once there is data. */
export const Body = ({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean
  error: unknown
  empty?: boolean
  children: ReactNode
}) => {
  const { t } = useTranslation("piastrix")
  if (loading) {
    return (
      <div className="flex flex-col gap-y-2 px-6 py-4">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    )
  }
  if (error) {
    return (
      <div className="px-6 py-4" role="alert">
        <Text size="small" className="text-ui-fg-error">
          {messageOf(error)}
        </Text>
      </div>
    )
  }
  if (empty) {
    return (
      <div className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          {t("common.empty")}
        </Text>
      </div>
    )
  }
  return <>{children}</>
}
