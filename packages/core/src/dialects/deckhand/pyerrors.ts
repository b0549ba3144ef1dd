// Python behaviour this dialect reproduces, and where it stops.

/** What this dialect cannot reproduce exactly (a regex JavaScript reads otherwise, …): refused, not approximated. */
export class PatternMismatch extends Error {}

/** What Python's `re` raises (`re.error`): the pattern (or replacement template) is invalid. */
export class PyReError extends Error {}

/** A Python exception raised inside Deckhand's code (TypeError, KeyError, …), by the name Python gives it. */
export class PyException extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(message)
  }
}
