import { EllipsisHorizontal } from "@medusajs/icons"
import { DropdownMenu, IconButton, clx } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"

export type Action = {
  icon: ReactNode
  label: string
  onClick: () => void
  disabled?: boolean
}

/**
 * A row's or a page's actions behind "…", as Medusa's dashboard shows them
 * (`components/common/action-menu`): groups of items, a separator between groups. The button is named
 * "Actions" for screen readers and tests.
 */
export const ActionMenu = ({ groups }: { groups: Action[][] }) => {
  const { t } = useTranslation("piastrix")
  const shown = groups.filter((group) => group.length)
  if (!shown.length) {
    return null
  }
  return (
    <DropdownMenu>
      <DropdownMenu.Trigger asChild>
        <IconButton
          size="small"
          variant="transparent"
          aria-label={t("common.actions")}
          onClick={(event) => event.stopPropagation()}
        >
          <EllipsisHorizontal />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {shown.map((group, index) => (
          <DropdownMenu.Group key={index}>
            {group.map((action) => (
              <DropdownMenu.Item
                key={action.label}
                disabled={action.disabled}
                onClick={(event) => {
                  event.stopPropagation()
                  action.onClick()
                }}
                className={clx(
                  "[&_svg]:text-ui-fg-subtle flex items-center gap-x-2",
                  { "[&_svg]:text-ui-fg-disabled": action.disabled }
                )}
              >
                {action.icon}
                <span>{action.label}</span>
              </DropdownMenu.Item>
            ))}
            {index < shown.length - 1 && <DropdownMenu.Separator />}
          </DropdownMenu.Group>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu>
  )
}
