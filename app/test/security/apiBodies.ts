import { generalInformationBody, tournamentBody } from '../support/editorBodies.ts'
import { actorPassword } from '../support/eventActors.ts'
import { player, registerBody } from '../support/registrationFixtures.ts'
import type { Body } from './bodies.ts'
import { open, own, playerCaller, samples, statusToken } from './world.ts'

// The known valid bodies and upload forms of the API's operations, which the fuzz run mutates (apiCalls.ts) and
// the server functions' cases reuse.

/** Known valid bodies per operation id, to mutate: they reach the handlers' deepest paths. */
export const validBodies = (operationId: string): ReadonlyArray<unknown> => {
  const tournament = tournamentBody()
  const generalInformation = generalInformationBody({
    contents: [{ language: 'en', name: 'Fuzz Festival', description: 'Pairs', isMain: true, type: 1 }],
  })
  const stripeEvent = (type: string) => ({
    id: 'evt_fuzz',
    object: 'event',
    type,
    data: {
      object: {
        id: 'cs_test_fuzz',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: String(own.entryIds[0] ?? 1),
        metadata: { entryId: String(own.entryIds[0] ?? 1) },
        amount_total: 4000,
        currency: 'eur',
      },
    },
  })
  const bodies: Record<string, ReadonlyArray<unknown>> = {
    // The file tree (decision 040): names a person types, odd ones included; their mutations are the hostile ones.
    'fileSystem.createFolder': [
      { folderName: 'Results 2026' },
      { folderName: "Šiauliai ? 100% _x_ O'Brien" },
    ],
    'fileSystem.renameFileObject': [{ newObjectName: 'Nuostatai.pdf' }, { newObjectName: 'Archive' }],
    'user.register': [
      {
        user: {
          email: 'new@example.test',
          password: actorPassword,
          firstName: 'Ona',
          lastName: 'Jonaitė',
          acceptRules: true,
        },
      },
    ],
    'user.login': [{ email: playerCaller.email, password: actorPassword }],
    'eventEditor.create': [{ generalInformation }],
    'eventEditor.update': [
      { generalInformation },
      // Both parts, as GET …/edit-data answers them (the read of the same shape).
      {
        generalInformation,
        additionalInformation: {
          externalPageUrl: null,
          liveResultsUrl: null,
          championshipTypeText: null,
          isYouth: false,
          fbCommentsEnabled: false,
          showNativeName: false,
          payment: { beneficiary: '', iban: '', bic: '' },
        },
      },
      // Adds a second language's content to the seeded event (which has only English).
      {
        generalInformation: {
          ...generalInformation,
          contents: [
            ...generalInformation.contents,
            { language: 'lt', name: 'Fuzz festivalis', description: null, isMain: false, type: 2 },
          ],
        },
      },
    ],
    // Galleries (decision 041): the event's own, and a tournament's with a title (a second one is refused).
    'file.imageSave': [
      { eventId: own.acceptedId, paths: ['event/missing.webp'] },
      { eventId: own.acceptedId, tournamentId: own.tournamentIds[0] ?? 1, paths: ['a.webp', 'b.webp'] },
    ],
    'gallery.createGallery': [
      { eventId: own.acceptedId },
      { eventId: own.acceptedId, tournamentId: own.tournamentIds[0] ?? 1, title: 'Day one', isActive: false },
    ],
    'eventWrites.createTournament': [tournament],
    'eventWrites.updateTournament': [tournament],
    'eventWrites.setTournamentsOrdering': [{ tournamentIds: own.tournamentIds.slice(0, 2) }],
    'eventWrites.saveProgram': [
      {
        eventId: own.acceptedId,
        tournamentId: own.tournamentIds[0] ?? 1,
        programs: [{ date: '2030-05-10', tours: [{ time: '10:00', name: 'Round 1' }] }],
      },
    ],
    'registration.register': [
      registerBody([player(2, open.ticketId)], 4000),
      registerBody([player(3, open.ticketId)], 4000, 'card'),
    ],
    'registration.payByCard': [{ token: statusToken }],
    'registration.stripeWebhook': [
      stripeEvent('checkout.session.completed'),
      stripeEvent('checkout.session.expired'),
    ],
    'registration.markRegistrationsPaid': [
      { entryIds: own.entryIds.slice(0, 3) },
      { entryIds: [own.entryIds[0] ?? 1, 2_147_483_647] },
    ],
    'registration.moveRegistration': [
      { tournamentId: own.tournamentIds[1] ?? 1, ticketId: own.ticketIds[2] ?? 1 },
    ],
    'user.changeProfile': [
      { kind: 3, description: 'Hello' },
      { kind: 4, languages: ['en'] },
      { kind: 12, websiteUrl: 'https://x.example.test' },
    ],
  }
  return bodies[operationId] ?? []
}

/** Known valid upload forms per operation id: a picture or a PDF for the organiser's own event. */
export const validUploads = (operationId: string): ReadonlyArray<Body> => {
  const [png, pdf] = samples
  const eventId = String(own.acceptedId)
  const file = (bytes: Uint8Array | undefined, filename: string, type: string) =>
    bytes ? [{ name: 'file', filename, type, bytes }] : []
  const forms: Record<string, ReadonlyArray<Body>> = {
    'eventWrites.uploadImage': [
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'alt', value: 'The hall' },
          { name: 'thumbWidth', value: '200' },
          ...file(png, 'hall.png', 'image/png'),
        ],
      },
    ],
    'eventWrites.uploadPdf': [
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'kind', value: 'documents' },
          ...file(pdf, 'rules.pdf', 'application/pdf'),
        ],
      },
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'tournamentId', value: String(own.tournamentIds[0] ?? 1) },
          { name: 'kind', value: 'results' },
          ...file(pdf, 'results.pdf', 'application/pdf'),
        ],
      },
    ],
    // The file calls (decision 040): an event's images and a document.
    'file.imageUpload': [
      {
        kind: 'form',
        parts: [{ name: 'eventId', value: eventId }, ...file(png, 'hall.png', 'image/png')],
      },
    ],
    'file.documentUpload': [
      {
        kind: 'form',
        parts: [
          { name: 'eventId', value: eventId },
          { name: 'tournamentId', value: String(own.tournamentIds[0] ?? 1) },
          ...file(pdf, 'rules.pdf', 'application/pdf'),
        ],
      },
    ],
    // The file tree (decision 040): files, and a folder upload with its relative paths (odd names included).
    'fileSystem.uploadFsFile': [
      {
        kind: 'form',
        parts: [
          ...(png ? [{ name: 'files', filename: 'hall.png', type: 'image/png', bytes: png }] : []),
          ...(pdf ? [{ name: 'files', filename: 'rules.pdf', type: 'application/pdf', bytes: pdf }] : []),
        ],
      },
      {
        kind: 'form',
        parts: [
          ...(pdf ? [{ name: 'files', filename: 'rules.pdf', type: 'application/pdf', bytes: pdf }] : []),
          { name: 'relativePaths', value: "Šiauliai 2026/O'Brien ? 100%/rules.pdf" },
        ],
      },
    ],
  }
  return forms[operationId] ?? []
}
