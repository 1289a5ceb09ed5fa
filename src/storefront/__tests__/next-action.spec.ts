import { cardFormFields, redirectRequest } from ".."

describe("storefront kit: following next_action", () => {
  it("sends a GET redirect to the address with its fields in the query", () => {
    expect(
      redirectRequest({
        type: "redirect",
        method: "GET",
        url: "https://pay.example.com/bill?lang=ru",
        fields: { id: "42", sign: "a b" },
      })
    ).toEqual({
      method: "GET",
      url: "https://pay.example.com/bill?lang=ru&id=42&sign=a+b",
    })
  })

  it("posts a POST redirect's fields as a form", () => {
    const fields = { payment_id: "7" }
    expect(
      redirectRequest({
        type: "redirect",
        method: "POST",
        url: "https://pay.example.com/pay",
        fields,
      })
    ).toEqual({ method: "POST", url: "https://pay.example.com/pay", fields })
  })

  it("posts the card without the spaces typed for readability, with the form token", () => {
    expect(
      cardFormFields(
        {
          form_token: "tok",
          payform_url: "https://h2h.example.com/pay",
          session_id: "h2h_1",
        },
        {
          card_number: "4242 4242 4242 4242",
          expiry_month: " 12",
          expiry_year: "30 ",
          cvv: "123",
          card_holder: " IVAN PETROV ",
        }
      )
    ).toEqual({
      card_number: "4242424242424242",
      expiry_month: "12",
      expiry_year: "30",
      cvv: "123",
      card_holder: "IVAN PETROV",
      form_token: "tok",
      session_id: "h2h_1",
    })
  })
})
