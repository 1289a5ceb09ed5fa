import { maskAccount, maskCardNumbers } from "../mask"

describe("maskAccount", () => {
  it.each([
    ["4242424242424242", "42••••••••••4242"],
    ["201494711279", "20••••••1279"],
    ["vendor@example.com", "v•••@example.com"],
    ["12345", "•••••"],
  ])("masks %s as %s", (account, masked) => {
    expect(maskAccount(account)).toBe(masked)
  })

  it("leaves a masked account as it is (the admin masks what the server already masked)", () => {
    expect(maskAccount("42••••••••••4242")).toBe("42••••••••••4242")
  })
})

describe("maskCardNumbers", () => {
  it.each([
    [
      "account 4242424242424242 is blocked",
      "account 42••••••••••4242 is blocked",
    ],
    ["card:4111111111111111.", "card:41••••••••••1111."],
    // Not card numbers: a wallet (too short), a run failing the Luhn check, digits inside an id.
    ["wallet 201494711279", "wallet 201494711279"],
    ["order 4242424242424241", "order 4242424242424241"],
    ["pxpo_4242424242424242", "pxpo_4242424242424242"],
  ])("%s -> %s", (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked)
  })
})
