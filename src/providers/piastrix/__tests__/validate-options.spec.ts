import { parsePiastrixOptions } from "../../../lib/plugin"
import { PiastrixCardService } from "../services/piastrix-card"
import { PiastrixRedirectService } from "../services/piastrix-redirect"
import { PiastrixWalletService } from "../services/piastrix-wallet"
import { initiateInput, recordingLogger } from "./test-utils"

describe("validateOptions", () => {
  it("accepts the minimal options of a store", () => {
    expect(() =>
      PiastrixWalletService.validateOptions({ shopId: 5, secretKey: "k" })
    ).not.toThrow()
  })

  it("refuses to start without a secret key, naming secretKey", () => {
    expect(() =>
      PiastrixRedirectService.validateOptions({ shopId: 5 })
    ).toThrow(/secretKey/)
  })

  it("names a malformed option such as a non-numeric shopId", () => {
    expect(() =>
      PiastrixWalletService.validateOptions({ shopId: "shop", secretKey: "k" })
    ).toThrow(/shopId/)
  })

  it("names a misspelt refund policy", () => {
    expect(() =>
      PiastrixWalletService.validateOptions({
        shopId: 5,
        secretKey: "k",
        refunds: { wallet: "send" },
      })
    ).toThrow(/refunds\.wallet/)
  })

  it("names a bad storefront limit, and fills the ones left out with their defaults", () => {
    expect(() =>
      PiastrixWalletService.validateOptions({
        shopId: 5,
        secretKey: "k",
        limits: { receiptsPerSession: { max: 0, windowMinutes: 60 } },
      })
    ).toThrow(/limits\.receiptsPerSession\.max/)
    expect(
      parsePiastrixOptions({
        shopId: 5,
        secretKey: "k",
        limits: { receiptsPerSession: { max: 3, windowMinutes: 30 } },
      }).limits
    ).toEqual({
      receiptsPerSession: { max: 3, windowMinutes: 30 },
      sessionStartsPerCart: { max: 10, windowMinutes: 10 },
    })
  })

  it("lets a store without host-to-host card access start: h2hUrl is not required at boot", () => {
    expect(() =>
      PiastrixCardService.validateOptions({ shopId: 5, secretKey: "k" })
    ).not.toThrow()
  })

  it("refuses a card payment without h2hUrl with a message naming it, before calling the service", async () => {
    const service = new PiastrixCardService(
      { logger: recordingLogger() },
      { shopId: 5, secretKey: "k", apiUrl: "http://127.0.0.1:9" }
    )
    await expect(service.initiatePayment(initiateInput())).rejects.toThrow(
      /h2hUrl/
    )
  })

  it("does not require h2hUrl for the other kinds", () => {
    expect(() =>
      PiastrixRedirectService.validateOptions({ shopId: 5, secretKey: "k" })
    ).not.toThrow()
  })
})
