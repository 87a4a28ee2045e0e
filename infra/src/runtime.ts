import path from 'node:path'
import {
  AccountService,
  AccountsConfig,
  OrganiserService,
  rateLimitLayer,
  SocialAuth,
  type SocialProviderConfig,
} from '@kibitz/accounts'
import {
  EventActions,
  EventDirectory,
  EventEditing,
  EventEditor,
  EventGalleries,
  EventService,
  EventsConfig,
  eventFileUses,
  galleryFileUses,
} from '@kibitz/events'
import {
  EventFiles,
  FileStorage,
  FileSystem,
  FilesConfig,
  FileUsage,
  FsDownloads,
  FsUploads,
  ImageStore,
} from '@kibitz/files'
import { HotelService } from '@kibitz/hotels'
import { Em, LookupService } from '@kibitz/kernel'
import { PageService } from '@kibitz/pages'
import {
  CardPayments,
  eventEntriesLayer,
  FederationLookup,
  RegistrationConfig,
  RegistrationDesk,
  RegistrationService,
  registrationEventsLayer,
} from '@kibitz/registration'
import {
  eventTournamentsLayer,
  TicketSales,
  TournamentEditor,
  TournamentService,
  TournamentStore,
  tournamentFileUses,
} from '@kibitz/tournaments'
import type { MikroORM } from '@mikro-orm/postgresql'
import { Context, Effect, Layer } from 'effect'
import { type AppConfig, loadConfig } from './config.ts'
import { outboxLayer } from './mail/Outbox.ts'
import { openOrm } from './orm.ts'

/** The process's one MikroORM instance; requests and jobs fork its EntityManager. */
export class Database extends Context.Service<Database, MikroORM>()('@kibitz/infra/Database') {
  /** Opens the ORM for `url` for the life of the runtime. */
  static readonly layer = (url: string, options?: { poolMax?: number }) =>
    Layer.effect(
      Database,
      Effect.acquireRelease(
        Effect.promise(() => openOrm(url, options)),
        (orm) => Effect.promise(() => orm.close(true)),
      ),
    )
}

/** Uploaded files live in DATA_DIR/files (an absolute DATA_DIR keeps them out of the checkout). */
export const filesRootOf = (config: AppConfig): string => path.resolve(config.dataDir, 'files')

/** The file store STORAGE names: local disk under DATA_DIR/files, an S3-compatible bucket, or UploadThing. */
export const fileStorageOf = (config: AppConfig): Layer.Layer<FileStorage> => {
  switch (config.storage.kind) {
    case 'local':
      return FileStorage.local(filesRootOf(config))
    case 's3':
      return FileStorage.s3(config.storage.s3)
    case 'uploadthing':
      return FileStorage.uploadthing(config.storage.uploadthing)
  }
}

interface AccountsSettings {
  readonly publicUrl: string
  readonly adminEmail: string
  readonly social: ReadonlyArray<SocialProviderConfig>
}

const accountsWith = (settings: AccountsSettings, storage: Layer.Layer<FileStorage>) =>
  AccountService.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.succeed(AccountsConfig, { publicUrl: settings.publicUrl, adminEmail: settings.adminEmail }),
        SocialAuth.layer(settings.social),
        outboxLayer,
        LookupService.layer,
        ImageStore.layer.pipe(Layer.provide(storage)),
      ),
    ),
  )

/** The accounts service with its settings: links to `publicUrl`, the configured super user, social providers. */
export const accountsLayer = (
  settings: AccountsSettings & {
    /** Where uploaded files are kept on disk (DATA_DIR/files). */
    readonly filesRoot: string
  },
) => accountsWith(settings, FileStorage.local(settings.filesRoot))

/** The file store configured from the environment (validated by the launcher at start). */
const filesFromEnv = Layer.unwrap(Effect.sync(() => fileStorageOf(loadConfig(process.env))))

/** Who uses a stored file: each domain that points at stored files answers for its own (decision 040). */
export const fileUsageLayer = FileUsage.combining([eventFileUses, tournamentFileUses, galleryFileUses])

/** The organiser's file tree: listing, folders, renames, deletions with the usage report, uploads within the quota. */
const fileTreeFromEnv = Layer.mergeAll(
  FileSystem.layer.pipe(Layer.provide(Layer.mergeAll(filesFromEnv, fileUsageLayer))),
  FsDownloads.layer.pipe(Layer.provide(filesFromEnv)),
  FsUploads.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        filesFromEnv,
        Layer.unwrap(
          Effect.sync(() =>
            Layer.succeed(FilesConfig, { quotaBytes: loadConfig(process.env).fileQuotaBytes }),
          ),
        ),
      ),
    ),
  ),
)

/** The accounts layer configured from the environment (validated by the launcher at start). */
const accountsFromEnv = Layer.unwrap(
  Effect.sync(() => {
    const config = loadConfig(process.env)
    return accountsWith(
      { publicUrl: config.publicUrl, adminEmail: config.adminEmail, social: config.social },
      filesFromEnv,
    )
  }),
)

/** The event actions with the outbox and the site URL their e-mails link to (PUBLIC_URL). */
const eventActionsFromEnv = EventActions.layer.pipe(
  Layer.provide(
    Layer.mergeAll(
      outboxLayer,
      eventEntriesLayer,
      eventTournamentsLayer,
      Layer.unwrap(
        Effect.sync(() => Layer.succeed(EventsConfig, { publicUrl: loadConfig(process.env).publicUrl })),
      ),
    ),
  ),
)

/** The registration desk with its ports as the environment configures them (card payments, federation). */
export const registrationDeskOf = (config: AppConfig) =>
  RegistrationDesk.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        registrationEventsLayer,
        Layer.succeed(RegistrationConfig, {
          publicUrl: config.publicUrl,
          holdHours: config.registration.holdHours,
        }),
        TicketSales.layer,
        TournamentService.layer,
        outboxLayer,
        rateLimitLayer,
        config.registration.stripe ? CardPayments.stripe(config.registration.stripe) : CardPayments.disabled,
        config.registration.federation
          ? FederationLookup.http(config.registration.federation)
          : FederationLookup.disabled,
      ),
    ),
  )

/** Every domain service, for app/ and jobs/ to build their runtime from. */
export const DomainServices = Layer.mergeAll(
  accountsFromEnv,
  filesFromEnv,
  EventFiles.layer.pipe(Layer.provide(filesFromEnv)),
  fileTreeFromEnv,
  LookupService.layer,
  OrganiserService.layer,
  EventService.layer,
  EventDirectory.layer,
  eventActionsFromEnv,
  EventEditor.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        OrganiserService.layer,
        eventTournamentsLayer,
        EventFiles.layer.pipe(Layer.provide(filesFromEnv)),
      ),
    ),
  ),
  // The event's galleries and the one per tournament (docs/decisions/041).
  EventGalleries.layer.pipe(
    Layer.provide(Layer.mergeAll(eventTournamentsLayer, EventFiles.layer.pipe(Layer.provide(filesFromEnv)))),
  ),
  // The event's tournaments are edited by their domain, through the door the event's editor opens.
  TournamentEditor.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        EventEditing.layer.pipe(Layer.provide(eventTournamentsLayer)),
        eventEntriesLayer,
        TournamentStore.layer,
        TournamentService.layer,
      ),
    ),
  ),
  TournamentService.layer,
  TournamentStore.layer,
  TicketSales.layer,
  RegistrationService.layer,
  Layer.unwrap(Effect.sync(() => registrationDeskOf(loadConfig(process.env)))),
  PageService.layer,
  HotelService.layer,
  outboxLayer,
)

/** Runs `effect` with a fresh fork of the EntityManager, as one unit of work. */
export const withEm = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, Exclude<R, Em> | Database> =>
  Effect.flatMap(Database, (orm) => Effect.provideService(effect, Em, orm.em.fork()))
