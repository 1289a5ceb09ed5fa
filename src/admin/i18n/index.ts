import en from "./json/en.json"
import ru from "./json/ru.json"

/** The plugin's admin texts in Medusa's admin translations (react-i18next), in the `piastrix` namespace. */
export default {
  en: { piastrix: en },
  ru: { piastrix: ru },
}
