/** Inbox rows are described beside the inbox's SQL, in the domain home. */
export type { NotificationRow, NotificationState } from "./repositories/inbox"
