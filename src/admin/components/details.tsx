import { Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/**
 * The technical reason behind a plain sentence (a service's own message, an error code, an exception),
 * folded away for support: the main text never shows it.
 */
export const Details = ({
  lines,
}: {
  lines: (string | null | undefined)[]
}) => {
  const { t } = useTranslation("piastrix")
  const shown = lines.filter((line): line is string => Boolean(line))
  if (!shown.length) {
    return null
  }
  return (
    <details className="text-ui-fg-subtle" data-testid="piastrix-details">
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
