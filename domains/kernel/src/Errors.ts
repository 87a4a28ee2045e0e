import { Schema } from 'effect'

/**
 * The error catalogue of spec section 8. Domains fail with these codes; the API puts them in problem
 * details and the screens map each code to a translated message.
 */
export const ErrorCode = {
  unknown: 0,
  badCredentials: 1000,
  emailExists: 1001,
  emailExistsSocial: 1002,
  notActivated: 1003,
  banned: 1004,
  socialLoginFailed: 1005,
  socialEmailMissing: 1006,
  rulesNotAccepted: 1007,
  initialPasswordIncorrect: 1008,
  socialConnectEmailExists: 1009,
  socialAlreadyConnected: 1010,
  socialConnectFailed: 1011,
  facebookNoEmail: 1012,
  resetTokenExpired: 1013,
  userNotFound: 1014,
  emailChangeNotAllowed: 1015,
  sessionEnded: 2001,
  userIdMismatch: 2002,
  ticketsUpdated: 3000,
} as const

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

const codes: ReadonlyArray<ErrorCodeValue> = Object.values(ErrorCode)

/** A catalogue code, as carried in problem details and typed failures. */
export const ErrorCodeSchema = Schema.Literals(codes)

/** Whether a number is a catalogue code. */
export const isErrorCode = (value: number): value is ErrorCodeValue => codes.some((code) => code === value)
