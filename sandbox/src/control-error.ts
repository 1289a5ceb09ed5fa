/** A control API or payer-page action that cannot be done (unknown record, wrong state). */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string
  ) {
    super(message)
  }
}
