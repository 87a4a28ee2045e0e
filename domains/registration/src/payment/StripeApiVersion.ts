// The Stripe API version Kibitz speaks, pinned rather than left to the account's default (decision 031): a
// version change on the Stripe dashboard must not change what the adapter sends or reads. It is the version the
// installed `stripe` package is typed for; the package's types refuse another, so an upgrade of the package is
// also a deliberate change of this line. The loopback Stripe of the tests refuses requests of any other version.
// No imports: the end-to-end harness loads this file with Node's type stripping.

/** The Stripe-Version header of every request. */
export const stripeApiVersion = '2026-10-28.endive'
