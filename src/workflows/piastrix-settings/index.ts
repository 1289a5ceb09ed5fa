export * from "./save-piastrix-settings"
export * from "./steps/save-piastrix-settings"
