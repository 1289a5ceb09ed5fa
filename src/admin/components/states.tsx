import { FetchError } from "@medusajs/js-sdk"
import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../lib/api"
import { failureOf } from "../lib/failure"
import { Details } from "./details"
import { useMessageWords } from "./server-message"

/** A section of a page in Medusa's look: a heading row, then its body. */
export const Section = ({
  title,
  subtitle,
  level = "h2",
  actions,
  children,
}: {
  title: string
  subtitle?: string
  /** "h1" for the page's own header section, as the dashboard's detail and list pages have it. */
  level?: "h1" | "h2"
  actions?: ReactNode
  children?: ReactNode
}) => (
  <Container className="divide-y p-0">
    <SectionHeader
      title={title}
      subtitle={subtitle}
      level={level}
      actions={actions}
    />
    {children}
  </Container>
)

/** A section's heading row: the title, a line under it, and the section's actions on the right. */
export const SectionHeader = ({
  title,
  subtitle,
  level = "h2",
  actions,
}: {
  title: string
  subtitle?: string
  level?: "h1" | "h2"
  actions?: ReactNode
}) => (
  <div
    className="flex items-center justify-between gap-x-4 px-6 py-4"
    data-testid={level === "h1" ? "piastrix-page-header" : undefined}
  >
    <div>
      <Heading level={level}>{title}</Heading>
      {subtitle ? (
        <Text size="small" className="text-ui-fg-subtle">
          {subtitle}
        </Text>
      ) : null}
    </div>
    {actions}
  </div>
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
    return <LoadFailed error={error} />
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

/**
 * A read that failed: one plain sentence (what Piastrix did, worded as every failure of the plugin's is,
 * `failureOf`; or the page could not be loaded), the technical reason under Details, and a way on: every
 * failed read of the plugin's is asked again.
 */
export const LoadFailed = ({ error }: { error: unknown }) => {
  const { t } = useTranslation("piastrix")
  const words = useMessageWords()
  const queryClient = useQueryClient()
  const [retrying, setRetrying] = useState(false)
  const serviceDown = error instanceof FetchError && error.status === 502
  const failure = serviceDown ? failureOf(error) : null
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" role="alert">
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" className="text-ui-fg-error">
          {failure && "message" in failure
            ? t("common.serviceFailed", { reason: words(failure.message) })
            : t(serviceDown ? "common.serviceDown" : "common.loadFailed")}
        </Text>
        <Button
          size="small"
          variant="secondary"
          isLoading={retrying}
          onClick={async () => {
            setRetrying(true)
            try {
              await queryClient.refetchQueries({
                queryKey: ["piastrix"],
                predicate: (query) => query.state.status === "error",
              })
            } finally {
              setRetrying(false)
            }
          }}
        >
          {t("common.tryAgain")}
        </Button>
      </div>
      <Details lines={[messageOf(error)]} />
    </div>
  )
}
