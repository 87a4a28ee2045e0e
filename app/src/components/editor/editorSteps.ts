import { useLingui } from '@lingui/react/macro'

// The steps of the event editor (spec section 2) and how it names what stops publication: each step's label
// and address, and a problem's field in the organiser's words.

export type EditorStepKey =
  | 'general-information'
  | 'tournaments'
  | 'registration-entry-fees-and-prizes'
  | 'additional-information'
  | 'event-program'
  | 'event-gallery'
  | 'file-management-system'

export interface EditorProblem {
  readonly step: string
  readonly field: string
  readonly rule: string
  readonly tournamentId: number | null
}

export function useStepLabels(): Record<EditorStepKey, string> {
  const { t } = useLingui()
  return {
    'general-information': t`General information`,
    tournaments: t`Tournaments`,
    'registration-entry-fees-and-prizes': t`Entry fees and prizes`,
    'additional-information': t`Additional information`,
    'event-program': t`Program`,
    'event-gallery': t`Gallery`,
    'file-management-system': t`Files`,
  }
}

export const stepPath: Record<EditorStepKey, string> = {
  'general-information': '',
  tournaments: '/tournaments',
  'registration-entry-fees-and-prizes': '/registration-entry-fees-and-prizes',
  'additional-information': '/additional-information',
  'event-program': '/event-program',
  'event-gallery': '/event-gallery',
  'file-management-system': '/file-management-system',
}

export const stepHref = (eventId: number, step: EditorStepKey) => `/event/manage/${eventId}${stepPath[step]}`

/** A readable name for a problem's field: its first segment, translated where the editor knows it. */
export function useFieldName(): (field: string) => string {
  const { t } = useLingui()
  const names: Record<string, string> = {
    contents: t`Event name`,
    dateStart: t`First day`,
    dateEnd: t`Last day`,
    countryCode: t`Country`,
    locations: t`Location`,
    currencyCode: t`Currency`,
    timeZone: t`Time zone`,
    organiserEmail: t`Organiser e-mail for players`,
    tournaments: t`Tournaments`,
    tickets: t`Tickets`,
    prizes: t`Prizes`,
    prizeSetup: t`Prize pool`,
    registrationStart: t`Registration opens`,
    registrationEnd: t`Registration closes`,
    startDate: t`Tournament start`,
    endDate: t`Tournament end`,
    name: t`Tournament name`,
    sessions: t`Sessions`,
    stages: t`Stages`,
    programs: t`Program`,
    resultsUrl: t`Results web address`,
  }
  return (field) => names[field.split('.')[0] ?? ''] ?? field
}
