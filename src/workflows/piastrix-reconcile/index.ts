export * from "./reconcile-inbox"
export * from "./reconcile-sessions"
