import type { z } from "zod"
import type { inputPaywaySchema, outputPaywaySchema } from "./shop-config"

type InputPaywayInput = z.input<typeof inputPaywaySchema>
type OutputPaywayInput = z.input<typeof outputPaywaySchema>

const phoneAddOn = {
  phone: {
    example: "79001234567",
    label: { en: "Phone", ru: "Телефон", uk: "Телефон" },
    regex: "^7\\d{10}$",
    title: { en: "Payer's phone number", ru: "Номер телефона плательщика", uk: "Номер телефону платника" },
  },
}

/** A shop with every payment kind in several currencies; `--config` replaces the whole list. */
export const DEFAULT_INPUT_PAYWAYS: InputPaywayInput[] = [
  { alias: "piastrix_rub", kind: "wallet", currency: 643, group: "Piastrix", min: "1.00", max: "500000.00" },
  { alias: "piastrix_usd", kind: "wallet", currency: 840, group: "Piastrix", min: "0.10", max: "10000.00" },
  { alias: "piastrix_eur", kind: "wallet", currency: 978, group: "Piastrix", min: "0.10", max: "10000.00" },
  {
    alias: "card_rub",
    kind: "redirect",
    method: "GET",
    currency: 643,
    group: "Bank card",
    min: "10.00",
    max: "150000.00",
    fee: { fix: "0", percent: "2.5" },
  },
  {
    alias: "card_usd",
    kind: "redirect",
    method: "POST",
    currency: 840,
    group: "Bank card",
    min: "1.00",
    max: "5000.00",
    fee: { fix: "0.30", percent: "3" },
  },
  { alias: "card_eur", kind: "redirect", method: "POST", currency: 978, group: "Bank card", min: "1.00", max: "5000.00" },
  { alias: "card_uah", kind: "redirect", method: "GET", currency: 980, group: "Bank card", min: "10.00", max: "50000.00" },
  {
    alias: "qiwi_rub",
    kind: "redirect",
    method: "GET",
    currency: 643,
    group: "Qiwi",
    min: "1.00",
    max: "15000.00",
    payerFee: { fix: "0", percent: "1" },
    addOns: phoneAddOn,
  },
  { alias: "yamoney_rub", kind: "redirect", method: "GET", currency: 643, group: "YooMoney", min: "1.00", max: "15000.00", active: false },
  { alias: "h2h_card_rub", kind: "card_h2h", currency: 643, group: "Bank card H2H", min: "10.00", max: "150000.00", fee: { fix: "0", percent: "2" } },
  { alias: "h2h_card_usd", kind: "card_h2h", currency: 840, group: "Bank card H2H", min: "1.00", max: "5000.00" },
  { alias: "h2h_sbp_rub", kind: "bank_h2h", method: "sbp", currency: 643, group: "Bank transfer", min: "100.00", max: "300000.00", fee: { fix: "0", percent: "1.5" } },
  { alias: "h2h_bank_rub", kind: "bank_h2h", method: "bank", currency: 643, group: "Bank transfer", min: "100.00", max: "300000.00" },
  { alias: "h2h_qr_rub", kind: "bank_h2h", method: "qr", currency: 643, group: "Bank transfer", min: "100.00", max: "300000.00" },
]

export const DEFAULT_OUTPUT_PAYWAYS: OutputPaywayInput[] = [
  {
    alias: "card_rub",
    currency: 643,
    group: "Bank card",
    min: "100.00",
    max: "150000.00",
    fee: { fix: "30", percent: "1" },
    accountFields: { account: { regex: "^\\d{16,19}$", title: "Card number" } },
  },
  {
    alias: "card_uah",
    currency: 980,
    group: "Bank card",
    min: "50.00",
    max: "50000.00",
    fee: { fix: "0", percent: "1.5" },
    accountFields: { account: { regex: "^\\d{16,19}$", title: "Card number" } },
  },
  {
    alias: "card_usd",
    currency: 840,
    group: "Bank card",
    min: "5.00",
    max: "5000.00",
    fee: { fix: "1", percent: "2" },
    accountFields: { account: { regex: "^\\d{16,19}$", title: "Card number" } },
  },
  {
    alias: "qiwi_rub",
    currency: 643,
    group: "Qiwi",
    min: "10.00",
    max: "15000.00",
    fee: { fix: "0", percent: "2" },
    accountFields: { account: { regex: "^\\+?\\d{10,15}$", title: "Phone number" } },
  },
  {
    alias: "bank_pln",
    currency: 985,
    group: "Bank transfer",
    min: "10.00",
    max: "20000.00",
    accountFields: {
      account: { regex: "^PL\\d{26}$", title: "IBAN" },
      holder: { regex: "^.{2,100}$", title: "Account holder" },
    },
  },
]
