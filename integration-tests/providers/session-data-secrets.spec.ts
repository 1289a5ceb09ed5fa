import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { RunningSandbox } from "../../sandbox/src"
import type { SqlConnection } from "../../src/lib/plugin"
import type { PiastrixBase } from "../../src/providers/piastrix/core/piastrix-base"
import { PiastrixBankTransferService } from "../../src/providers/piastrix/services/piastrix-bank-transfer"
import { PiastrixCardService } from "../../src/providers/piastrix/services/piastrix-card"
import { PiastrixRedirectService } from "../../src/providers/piastrix/services/piastrix-redirect"
import { PiastrixWalletService } from "../../src/providers/piastrix/services/piastrix-wallet"
import { secretsInLine } from "../helpers/log-scan"
import {
  control,
  initiateInput,
  makeService,
  SECRET,
  startTestSandbox,
} from "../../src/providers/piastrix/__tests__/test-utils"
import { piastrixIntegrationRunner } from "../helpers/runner"

jest.setTimeout(60000)

/**
 * Session data is public: the storefront reads it. After every step that writes it (initiate, authorize,
 * refund), for every kind, it holds no secret key, no signature, no card number or CVV, nor the payer's
 * whole wallet. Against the
 * store's tables, because a wallet refund goes through the refund register; the provider talks to a
 * sandbox of its own.
 */
piastrixIntegrationRunner(({ getContainer }) => {
  let running: RunningSandbox

  beforeAll(async () => {
    running = await startTestSandbox()
  })
  afterAll(async () => {
    await running.close()
  })

  const PAYER = "201494711279"
  const CARD = "4111111111111111"

  /** What must never be in session data: what no log line may hold either, and keys that would carry it. */
  function secretsIn(data: unknown): string[] {
    const found = secretsInLine(JSON.stringify(data), SECRET)
    const keys = (value: unknown): string[] =>
      value && typeof value === "object"
        ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
        : []
    for (const key of keys(data)) {
      if (
        /^(sign|signature|secret|secret_key|secretKey|cvv|cvc|card_number|pan)$/i.test(
          key
        )
      ) {
        found.push(`the key ${key}`)
      }
    }
    return found
  }

  type Kind = {
    name: string
    Service: new (cradle: Record<string, unknown>, options: any) => PiastrixBase
    data: Record<string, unknown>
    options?: Record<string, unknown>
    pay: (sessionId: string) => Promise<void>
  }

  const pay =
    (body: Record<string, unknown> = {}) =>
    async (sessionId: string) => {
      await control(
        running,
        "POST",
        `/payments/${sessionId}/pay?by=order`,
        body
      )
    }

  const KINDS: Kind[] = [
    {
      name: "wallet",
      Service: PiastrixWalletService,
      data: { payer_account: PAYER },
      pay: pay({ payer_account: PAYER }),
    },
    {
      name: "redirect",
      Service: PiastrixRedirectService,
      data: { payway: "card_rub" },
      pay: pay(),
    },
    {
      name: "card",
      Service: PiastrixCardService,
      data: {},
      options: { payways: { card: { default: "h2h_card_rub" } } },
      pay: pay(),
    },
    {
      name: "bank transfer",
      Service: PiastrixBankTransferService,
      data: { payway: "h2h_sbp_rub" },
      pay: async (sessionId) => {
        await control(
          running,
          "POST",
          `/payments/${sessionId}/requisites?by=order`,
          {}
        )
        await control(
          running,
          "POST",
          `/payments/${sessionId}/confirm-transfer?by=order`,
          {}
        )
      },
    },
  ]

  describe("session data holds no secret", () => {
    it.each(KINDS.map((k) => [k.name, k] as const))(
      "%s: after initiate, authorize and refund",
      async (_name, kind) => {
        const { service } = makeService(
          kind.Service as never,
          running,
          { refunds: { wallet: "transfer", other: "manual" }, ...kind.options },
          {
            cradle: {
              __pg_connection__: getContainer().resolve<SqlConnection>(
                ContainerRegistrationKeys.PG_CONNECTION
              ),
            },
          }
        )
        const input = initiateInput(kind.data)
        const initiated = await (service as PiastrixBase).initiatePayment(input)
        expect(secretsIn(initiated.data)).toEqual([])

        await kind.pay(input.data.session_id)
        const authorized = await (service as PiastrixBase).authorizePayment({
          data: initiated.data,
        })
        // Paid at the service: authorized, and captured once its order is placed (docs/architecture.md).
        expect(authorized.status).toBe("authorized")
        expect(authorized.data).toMatchObject({ state: "paid" })
        expect(secretsIn(authorized.data)).toEqual([])
        // Nor the payer's whole wallet: the storefront reads session data with the cart.
        expect(JSON.stringify(authorized.data)).not.toContain(PAYER)

        const refunded = await (service as PiastrixBase).refundPayment({
          amount: { value: "100", precision: 20 } as never,
          data: authorized.data,
          context: { idempotency_key: `ref_${input.data.session_id}` },
        })
        expect((refunded.data as { refunds: unknown[] }).refunds).toHaveLength(
          1
        )
        expect(secretsIn(refunded.data)).toEqual([])
        expect(JSON.stringify(refunded.data)).not.toContain(PAYER)
      }
    )

    it("finds a secret, a signature or a card number when one is there", () => {
      expect(secretsIn({ a: `x${SECRET}y` })).toEqual(["the secret key"])
      expect(secretsIn({ a: "0".repeat(64) })).toEqual([
        "a signature (64 hex digits)",
      ])
      expect(secretsIn({ card: { number: CARD } })).toEqual(["a card number"])
      expect(secretsIn({ h2h: { cvv: "123" } })).toEqual([
        "a CVV",
        "the key cvv",
      ])
    })
  })
})
