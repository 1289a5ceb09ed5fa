/** What a handler answers; the server writes it (or drops it, under a fault). */
export type Reply = {
  status: number
  headers?: Record<string, string>
  body: string | Buffer
}

export function jsonReply(status: number, body: unknown): Reply {
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }
}

/** The service's envelope, fields in the reference's order. */
export function okEnvelope(data: unknown): Reply {
  return jsonReply(200, { data, error_code: 0, message: "Ok", result: true })
}

/** Business errors come back with HTTP 200, as the service's sister platform answers. */
export function errorEnvelope(errorCode: number, message: string): Reply {
  return jsonReply(200, {
    data: null,
    error_code: errorCode,
    message,
    result: false,
  })
}

export function htmlReply(status: number, html: string): Reply {
  return {
    status,
    headers: { "content-type": "text/html; charset=utf-8" },
    body: html,
  }
}

export function redirectReply(location: string): Reply {
  return {
    status: 303,
    headers: { location, "content-type": "text/plain" },
    body: `See ${location}`,
  }
}
