import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

/**
 * A Medusa app that loads this plugin straight from `src/`: its module, and (as the app's own `src/`)
 * its routes, workflows, subscribers, jobs and admin extensions. Used by the integration tests and the
 * dev store. A store that installs the plugin from npm configures it as the README says.
 */
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: process.env.STORE_CORS || "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS || "http://localhost:9000",
      authCors: process.env.AUTH_CORS || "http://localhost:8000,http://localhost:9000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLE === "true" || process.env.NODE_ENV === "test",
  },
  modules: [{ resolve: "./src/modules/piastrix" }],
})
