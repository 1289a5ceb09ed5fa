import { receivePiastrixCallback } from "../receive-callback"

/** The callback address the plugin sends with every payment (`${backendUrl}/hooks/piastrix`). */
export const POST = receivePiastrixCallback
