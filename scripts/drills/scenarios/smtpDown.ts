import { setTimeout as sleep } from 'node:timers/promises'
import { crowd, registrants } from '../clients.ts'
import { createTournament, targetOf } from '../fixtures.ts'
import { reconcileMail, reconcileRegistrations, waitForMail } from '../reconcile.ts'
import { measureRecovery, recoveryFigure } from '../stack.ts'
import { clientOptions, type Drill, recoveryProblems, seconds } from './common.ts'

// Drill 4: the SMTP server goes away for DRILL_SMTP_DOWN_SECONDS while registrations produce e-mails, then
// comes back on the same port. Nothing may be lost: the worker's retries (60 s, then doubling, by default)
// deliver every message once the server is back; the drill reports how long the last one took.

export const smtpDownWhileMailing: Drill = async (stack, settings) => {
  const count = settings.smtpDownRegistrations
  const tournament = await createTournament(stack.cluster.url, stack.organiserId, 'd4-smtp', count * 2)
  const target = await targetOf(stack.baseUrl, tournament)
  const people = registrants('d4', count, 4)
  const recipients = new Set(people.map((p) => p.email))
  const downMs = settings.smtpDownSeconds * 1000
  await stack.smtp.down()
  const downAt = performance.now()
  // The e-mails are produced over the first half of the outage, so every one meets a closed port.
  const outcomes = await crowd(target, people, {
    ...clientOptions(settings),
    staggerMs: downMs / 2 / count,
  })
  const remaining = downMs - (performance.now() - downAt)
  if (remaining > 0) await sleep(remaining)
  const receivedWhileDown = stack.smtp.accepted.filter((m) => m.to.some((to) => recipients.has(to))).length
  await stack.smtp.up()
  const upAt = performance.now()
  const recovery = await measureRecovery(stack, upAt, settings)
  const state = await waitForMail(
    stack.cluster.url,
    stack.smtp,
    recipients,
    count,
    settings.mailWaitSeconds * 1000,
  )
  const mail = await reconcileMail(stack.cluster.url, state, count, upAt)
  const registrations = await reconcileRegistrations(stack.cluster.url, tournament, outcomes)
  const problems = [...recoveryProblems(recovery, settings), ...mail.problems, ...registrations.problems]
  if (receivedWhileDown > 0)
    problems.push(
      `${receivedWhileDown} e-mails arrived while the server was down (the drill's fault did not hold)`,
    )
  return {
    headline: `e-mails ${count - mail.missing}/${count}, last ${state.lastAt === null ? '-' : seconds(state.lastAt - upAt)} after SMTP back; ${recoveryFigure(recovery)}`,
    figures: [
      ['SMTP down', `${seconds(upAt - downAt)} on port ${stack.smtp.port}, ${count} registrations meanwhile`],
      ['back (from SMTP up)', recoveryFigure(recovery)],
      ...mail.figures,
      ...registrations.figures.slice(0, 1),
    ],
    problems,
  }
}
