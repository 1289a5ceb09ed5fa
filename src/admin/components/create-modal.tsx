import { Button, FocusModal, Heading, Text } from "@medusajs/ui"
import type { FormEvent, ReactNode } from "react"
import { useTranslation } from "react-i18next"

/**
 * A *Create* form as the dashboard opens one (`RouteFocusModal`, e.g. customers/customer-create): a focus
 * modal over the page, the title and a hint above the fields, Cancel and the form's own button below.
 */
export const CreateModal = ({
  open,
  onOpenChange,
  title,
  hint,
  onSubmit,
  submit,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  hint: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** The footer's buttons after Cancel (the submit button first among them). */
  submit: ReactNode
  children: ReactNode
}) => {
  const { t } = useTranslation("piastrix")
  return (
    <FocusModal open={open} onOpenChange={onOpenChange}>
      <FocusModal.Content>
        <form
          className="flex flex-1 flex-col overflow-hidden"
          onSubmit={onSubmit}
        >
          <FocusModal.Header />
          <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-16">
            <div className="flex w-full max-w-[720px] flex-col gap-y-8">
              <div>
                <FocusModal.Title asChild>
                  <Heading>{title}</Heading>
                </FocusModal.Title>
                <FocusModal.Description asChild>
                  <Text size="small" className="text-ui-fg-subtle">
                    {hint}
                  </Text>
                </FocusModal.Description>
              </div>
              {children}
            </div>
          </FocusModal.Body>
          <FocusModal.Footer>
            <div className="flex items-center justify-end gap-x-2">
              <FocusModal.Close asChild>
                <Button size="small" variant="secondary" type="button">
                  {t("common.cancel")}
                </Button>
              </FocusModal.Close>
              {submit}
            </div>
          </FocusModal.Footer>
        </form>
      </FocusModal.Content>
    </FocusModal>
  )
}

/** The header's *Create* button of a list, as the dashboard's list pages have it. */
export const CreateButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation("piastrix")
  return (
    <Button size="small" variant="secondary" onClick={onClick}>
      {t("common.create")}
    </Button>
  )
}
