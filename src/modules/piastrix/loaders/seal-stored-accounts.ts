import type { LoaderOptions, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { accountCipherOf } from "../../../lib/payouts"
import {
  plaintextAccountCount,
  sealStoredAccounts,
} from "../repositories/stored-accounts"
import { type SqlDatabase } from "../repositories/ledger"
import { parsePiastrixOptions } from "../../../lib/plugin/options"

/**
 * At boot: stored payout accounts not encrypted with the current key (plaintext rows from before the key,
 * rows of a previous key) are encrypted with it (modules/piastrix/repositories/stored-accounts.ts). Never stops the boot: a
 * table not migrated yet, or a row that cannot be opened, is named in the log and left for the next boot.
 */
export default async function sealStoredAccountsLoader({
  container,
  options,
}: LoaderOptions): Promise<void> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  let cipher
  try {
    cipher = accountCipherOf(parsePiastrixOptions(options))
  } catch {
    // Bad options stop the boot with their names when the module's service is built.
    return
  }
  try {
    const db = container.resolve<SqlDatabase>(
      ContainerRegistrationKeys.PG_CONNECTION
    )
    if (!cipher) {
      const plaintext = await plaintextAccountCount(db)
      if (plaintext > 0) {
        logger.warn(
          `Piastrix accounts: ${plaintext} payout account(s) stored readable; set PIASTRIX_ACCOUNT_KEY (option accountKey) to encrypt them`
        )
      }
      return
    }
    await sealStoredAccounts(db, cipher, logger)
  } catch (error) {
    const code = (error as { code?: string }).code
    // 42P01, 42703: the tables or the account_masked column are not there yet (before `medusa db:migrate`).
    const notMigrated = code === "42P01" || code === "42703"
    logger.warn(
      `Piastrix accounts: stored accounts not encrypted at this boot: ${
        notMigrated ? "run medusa db:migrate" : (error as Error).message
      }`
    )
  }
}
