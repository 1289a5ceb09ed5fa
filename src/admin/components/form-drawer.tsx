import { Button, Drawer } from "@medusajs/ui"
import type { FormEvent, ReactNode } from "react"
import { useTranslation } from "react-i18next"

/**
 * A small form in a drawer, as the dashboard edits a record (`RouteDrawer`): the title, the fields, then
 * Cancel and the submit button (`submit`: its text, whether it can be pressed, whether it is busy).
 */
export const FormDrawer = ({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  submit,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Read by screen readers (the drawer's accessible description). */
  description: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  submit: { text: string; disabled: boolean; busy: boolean }
  children: ReactNode
}) => {
  const { t } = useTranslation("piastrix")
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Content>
        <form className="flex h-full flex-col" onSubmit={onSubmit}>
          <Drawer.Header>
            <Drawer.Title>{title}</Drawer.Title>
            <Drawer.Description className="sr-only">
              {description}
            </Drawer.Description>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4">
            {children}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("common.cancel")}
              </Button>
            </Drawer.Close>
            <Button
              size="small"
              type="submit"
              disabled={submit.disabled}
              isLoading={submit.busy}
            >
              {submit.text}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
