/** A refusal a player should read: bad input, an illegal action. Nothing was changed. */
export class UserError extends Error {}
