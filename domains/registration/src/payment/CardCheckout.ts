// The card checkout is one of the registration desk's use cases: desk/CardCheckout.ts.
export * from '../desk/CardCheckout.ts'
