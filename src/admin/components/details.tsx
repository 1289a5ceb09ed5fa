import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/**
 * The technical reason behind a plain sentence (a service's own message, an error code, an exception),
 * folded away for support: the main text never shows it.
 */
export const Details = ({
  lines,
  onToggle,
}: {
  lines: (string | null | undefined)[]
  /** Told whether the disclosure is open, each time it opens or closes. */
  onToggle?: (open: boolean) => void
}) => {
  const { t } = useTranslation("piastrix")
  const shown = lines.filter((line): line is string => Boolean(line))
  if (!shown.length) {
    return null
  }
  return (
    <details
      // Inside a table row its lines wrap (DataTable's cells do not), and opening it does not open the row.
      className="text-ui-fg-subtle whitespace-normal"
      data-testid="piastrix-details"
      onClick={(event) => event.stopPropagation()}
      onToggle={(event) => onToggle?.(event.currentTarget.open)}
    >
      <summary className="txt-compact-small cursor-pointer select-none">
        {t("common.details")}
      </summary>
      {shown.map((line) => (
        <Text key={line} size="xsmall" className="break-words font-mono">
          {line}
        </Text>
      ))}
    </details>
  )
}
