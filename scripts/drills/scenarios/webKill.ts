import { checkIdempotencyContract, crowd, registrants, Tally } from '../clients.ts'
import { createTournament, targetOf } from '../fixtures.ts'
import { clientFigures, reconcileMail, reconcileRegistrations, waitForMail } from '../reconcile.ts'
import { between } from '../settings.ts'
import { recoveryFigure } from '../stack.ts'
import { clientOptions, type Drill, killAndRestart, recoveryProblems, seconds } from './common.ts'

// Drills 1 and 6: kill -9 of the web process while a crowd registers, then a restart; every client retries
// with its Idempotency-Key until it has a definitive answer. The database must then show each 201 as exactly
// one entry, no entry for anybody else, and ticket counters equal to the places the entries hold.

/** Drill 1: a burst with room for everybody; the kill lands after a random 20–60 % of the answers. */
export const webKillDuringBurst: Drill = async (stack, settings) => {
  const clients = settings.burstClients
  const tournament = await createTournament(stack.cluster.url, stack.organiserId, 'd1-burst', clients * 2)
  const target = await targetOf(stack.baseUrl, tournament)
  // The contract the retries rely on, checked on its own first (on the probe tournament).
  const contract = await checkIdempotencyContract(stack.probeTarget)
  const people = registrants('d1', clients, 1)
  const tally = new Tally()
  const killAfter = between(Math.ceil(clients * 0.2), Math.floor(clients * 0.6))
  const crowdStarted = performance.now()
  const running = crowd(target, people, {
    ...clientOptions(settings),
    onOutcome: tally.record,
  })
  await Promise.race([tally.until((t) => t.finished >= killAfter), running])
  const inFlight = clients - tally.finished
  const killedAfterMs = performance.now() - crowdStarted
  const restart = await killAndRestart(stack, stack.web, settings)
  const outcomes = await running
  const drainedMs = performance.now() - restart.restartedAt
  const registrations = await reconcileRegistrations(stack.cluster.url, tournament, outcomes)
  return {
    headline: `${recoveryFigure(restart.recovery)}; ${registrations.entries} entries for ${outcomes.filter((o) => o.final === 'registered').length} 201s, sold ${registrations.sold}`,
    figures: [
      [
        'kill -9 of the web',
        `pid ${restart.oldPid} ${seconds(killedAfterMs)} into the burst, after ${killAfter} of ${clients} answers, ${inFlight} clients in flight; new pid ${restart.newPid}`,
      ],
      ['back (from restart)', recoveryFigure(restart.recovery)],
      ['every client answered', `${seconds(drainedMs)} after the restart`],
      ['Idempotency-Key contract', contract.figure],
      ...clientFigures(outcomes),
      ...registrations.figures,
    ],
    problems: [
      ...contract.problems,
      ...(inFlight === 0 ? ['the burst was over before the kill landed (raise DRILL_BURST_CLIENTS)'] : []),
      ...recoveryProblems(restart.recovery, settings),
      ...registrations.problems,
    ],
  }
}

/** Drill 6: far more clients than places; the kill lands while places are still being sold. */
export const webKillDuringRush: Drill = async (stack, settings) => {
  const clients = settings.rushClients
  const places = settings.rushPlaces
  const tournament = await createTournament(stack.cluster.url, stack.organiserId, 'd6-rush', places)
  const target = await targetOf(stack.baseUrl, tournament)
  const people = registrants('d6', clients, 6)
  const tally = new Tally()
  // "A random moment in the middle" of the sale: after 20–80 % of the places went.
  const killAfter = Math.max(1, between(Math.ceil(places * 0.2), Math.floor(places * 0.8)))
  const crowdStarted = performance.now()
  const running = crowd(target, people, {
    ...clientOptions(settings),
    onOutcome: tally.record,
  })
  await Promise.race([tally.until((t) => t.registered >= killAfter), running])
  const soldAtKill = tally.registered
  const inFlight = clients - tally.finished
  const killedAfterMs = performance.now() - crowdStarted
  const restart = await killAndRestart(stack, stack.web, settings)
  const outcomes = await running
  const drainedMs = performance.now() - restart.restartedAt
  const registrations = await reconcileRegistrations(stack.cluster.url, tournament, outcomes)
  const registered = outcomes.filter((o) => o.final === 'registered')
  const problems: Array<string> = [...recoveryProblems(restart.recovery, settings), ...registrations.problems]
  if (registrations.sold !== places)
    problems.push(`${registrations.sold} places sold, exactly ${places} expected`)
  if (registrations.entries !== Math.min(places, registered.length))
    problems.push(
      `${registrations.entries} entries, min(${places}, ${registered.length} successful clients) expected`,
    )
  // The e-mails of the entries: one confirmation each, all received.
  const recipients = new Set(registered.map((o) => o.registrant.email))
  const state = await waitForMail(
    stack.cluster.url,
    stack.smtp,
    recipients,
    registered.length,
    settings.mailWaitSeconds * 1000,
  )
  const mail = await reconcileMail(stack.cluster.url, state, registered.length, restart.restartedAt)
  problems.push(...mail.problems)
  return {
    headline: `${recoveryFigure(restart.recovery)}; sold ${registrations.sold}/${places}, ${registrations.entries} entries, ${registered.length} 201s, e-mails ${registered.length - mail.missing}/${registered.length}`,
    figures: [
      [
        'kill -9 of the web',
        `pid ${restart.oldPid} ${seconds(killedAfterMs)} into the rush, after ${soldAtKill} of ${places} places sold, ${inFlight} of ${clients} clients in flight; new pid ${restart.newPid}`,
      ],
      ['back (from restart)', recoveryFigure(restart.recovery)],
      ['every client answered', `${seconds(drainedMs)} after the restart`],
      ...clientFigures(outcomes),
      ...registrations.figures,
      ...mail.figures,
    ],
    problems,
  }
}
