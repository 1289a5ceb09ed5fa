import { parseArgs } from "node:util"
import { loadShopConfigFile, type ShopConfigInput } from "./shop-config"
import { startSandbox } from "./start-sandbox"

const USAGE = `Usage: piastrix-sandbox [options]

A local emulator of the Piastrix payment service. Every endpoint answers under one address.

  --port <n>          port to listen on (default 9100; 0 picks a free one)
  --host <addr>       interface to listen on (default 127.0.0.1)
  --shop-id <n>       shop id (default 1, or the config file's)
  --secret <key>      secret key requests are signed with (default "sandbox-secret", or the config file's)
  --config <file>     shop config JSON: payways, fees, limits, balances, shop settings (see README)
  --state <file>      keep payments, payouts and balances in this JSON file across restarts
  --public-url <url>  address written into payment URLs (default http://<host>:<port>)
  -h, --help          show this help
`

export async function main(
  argv: string[] = process.argv.slice(2)
): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "shop-id": { type: "string" },
      secret: { type: "string" },
      config: { type: "string" },
      state: { type: "string" },
      "public-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const env = process.env
  const config: ShopConfigInput = values.config
    ? loadShopConfigFile(values.config)
    : {}
  if (values["public-url"]) {
    config.publicUrl = values["public-url"]
  }
  const shopId = values["shop-id"] ?? env.PIASTRIX_SANDBOX_SHOP_ID
  const running = await startSandbox({
    port: Number(values.port ?? env.PIASTRIX_SANDBOX_PORT ?? 9100),
    host: values.host ?? env.PIASTRIX_SANDBOX_HOST,
    config,
    shopId: shopId !== undefined ? Number(shopId) : undefined,
    secret: values.secret ?? env.PIASTRIX_SANDBOX_SECRET,
    statePath: values.state,
  })
  process.stdout.write(
    `Piastrix sandbox listening on ${running.url} (shop ${running.config.shopId}${values.state ? `, state in ${values.state}` : ""})\n`
  )
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

if (require.main === module) {
  main().catch((error: Error) => {
    process.stderr.write(`piastrix-sandbox: ${error.message}\n`)
    process.exit(1)
  })
}
