import { FetchError } from "@medusajs/js-sdk"
import { Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { messageOf } from "../lib/api"
import { Details } from "./details"

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
 * A read that failed: one plain sentence (Piastrix did not answer, or the page could not be loaded), the
 * technical reason under Details, and a way on: every failed read of the plugin's is asked again.
 */
const LoadFailed = ({ error }: { error: unknown }) => {
  const { t } = useTranslation("piastrix")
  const queryClient = useQueryClient()
  const [retrying, setRetrying] = useState(false)
  const serviceDown = error instanceof FetchError && error.status === 502
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" role="alert">
      <div className="flex items-center justify-between gap-x-4">
        <Text size="small" className="text-ui-fg-error">
          {t(serviceDown ? "common.serviceDown" : "common.loadFailed")}
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
