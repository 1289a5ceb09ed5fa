export * from "./reconcile-piastrix-session"
export * from "./steps/read-piastrix-session-outcome"
export * from "./utils/due-sessions"
