import { setTimeout as sleep } from 'node:timers/promises'
import { crowd, registrants } from '../clients.ts'
import { createTournament, targetOf } from '../fixtures.ts'
import { reconcileMail, reconcileRegistrations, waitForMail } from '../reconcile.ts'
import { between } from '../settings.ts'
import { measureRecovery, recoveryFigure } from '../stack.ts'
import { clientOptions, type Drill, recoveryProblems, seconds } from './common.ts'

// Drill 2: kill -9 of the worker while it is sending the confirmation e-mails of a few hundred registrations.
// The SMTP server takes a little time per message, so the worker is mid-batch (rows claimed, some sent, one on
// the wire) when it dies. A new worker must send what the dead one had claimed and not sent; a message the
// server had accepted just before the kill, but that the dead worker never recorded as sent, may come twice.

export const workerKillWhileSending: Drill = async (stack, settings) => {
  const count = settings.mailRegistrations
  const tournament = await createTournament(stack.cluster.url, stack.organiserId, 'd2-mail', count * 2)
  const target = await targetOf(stack.baseUrl, tournament)
  const people = registrants('d2', count, 2)
  const recipients = new Set(people.map((p) => p.email))
  const receivedSoFar = () => stack.smtp.accepted.filter((m) => m.to.some((to) => recipients.has(to))).length
  stack.smtp.delayMs = settings.smtpDelayMs
  const started = performance.now()
  const running = crowd(target, people, clientOptions(settings))
  // Mid-batch: after a random quarter to half of the e-mails arrived.
  const killAfter = between(Math.ceil(count * 0.25), Math.floor(count * 0.5))
  while (receivedSoFar() < killAfter && performance.now() - started < 120_000) await sleep(20)
  const receivedAtKill = receivedSoFar()
  const oldPid = stack.worker.pid
  const abandonedBefore = stack.smtp.abandoned
  await stack.worker.kill9()
  await sleep(settings.restartDelayMs)
  // Counted after the pause: the server notices the cut connection a moment after the kill.
  const abandonedAtKill = stack.smtp.abandoned - abandonedBefore
  const restartedAt = performance.now()
  await stack.worker.start()
  const recovery = await measureRecovery(stack, restartedAt, settings)
  const outcomes = await running
  // The first of these e-mails the new worker delivered: when the dead worker's claims were picked up.
  const resumed = async () => {
    for (;;) {
      const first = stack.smtp.accepted.find(
        (m) => m.at > restartedAt && m.to.some((to) => recipients.has(to)),
      )
      if (first || performance.now() - restartedAt > settings.mailWaitSeconds * 1000) return first?.at ?? null
      await sleep(100)
    }
  }
  const firstAfter = await resumed()
  const state = await waitForMail(
    stack.cluster.url,
    stack.smtp,
    recipients,
    count,
    settings.mailWaitSeconds * 1000,
  )
  const mail = await reconcileMail(stack.cluster.url, state, count, restartedAt)
  const registrations = await reconcileRegistrations(stack.cluster.url, tournament, outcomes)
  stack.smtp.delayMs = 0
  return {
    headline: `${recoveryFigure(recovery)}; e-mails ${count - mail.missing}/${count}, last after ${state.lastAt === null ? '-' : seconds(state.lastAt - restartedAt)}`,
    figures: [
      [
        'kill -9 of the worker',
        `pid ${oldPid} after ${receivedAtKill} of ${count} e-mails, ${abandonedAtKill} message(s) cut on the wire; new pid ${stack.worker.pid}`,
      ],
      ['SMTP accept delay', `${settings.smtpDelayMs} ms per message`],
      ['back (from restart)', recoveryFigure(recovery)],
      [
        'first of these e-mails from the new worker',
        firstAfter === null ? 'none' : `${seconds(firstAfter - restartedAt)} after restart`,
      ],
      ...mail.figures,
      ...registrations.figures.slice(0, 1),
    ],
    problems: [...recoveryProblems(recovery, settings), ...mail.problems, ...registrations.problems],
  }
}
