import path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))

/** @type {import("next").NextConfig} */
export default {
  // This folder is its own project inside the plugin's repository (which has a lockfile of its own).
  turbopack: { root: here },
  outputFileTracingRoot: here,
  experimental: {
    // A bank-transfer receipt goes through a server action: Piastrix takes files up to 10 MB.
    serverActions: { bodySizeLimit: "11mb" },
  },
}
