import { contentLanguages } from '@kibitz/kernel/format'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Dispatch, SetStateAction } from 'react'
import { type ContentDraft, type GeneralDraft, patchedAt, removedAt } from './generalDraft.ts'
import { ListProblem, type Problems, SelectInput, SmallButton, TextInput, Toggle } from './kit.tsx'

// The event's name and description per language (spec section 3): one main content and at most one in the
// organiser's native language.

export function ContentFields(props: {
  readonly contents: ReadonlyArray<ContentDraft>
  readonly problems: Problems
  readonly setDraft: Dispatch<SetStateAction<GeneralDraft>>
  readonly languageName: (code: string) => string
}) {
  const { t } = useLingui()
  const unusedLanguages = contentLanguages.filter((code) => !props.contents.some((c) => c.language === code))
  const setContent = (index: number, patch: Partial<ContentDraft>) =>
    props.setDraft((d) => ({
      ...d,
      // One main and at most one native content.
      contents: patchedAt(d.contents, index, patch, (c) => ({
        ...c,
        isMain: patch.isMain ? false : c.isMain,
        native: patch.native ? false : c.native,
      })),
    }))
  return (
    <>
      <ListProblem path="contents" problems={props.problems} />
      {props.contents.map((content, index) => (
        <div key={content.language} className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
          <h3 className="font-semibold">{props.languageName(content.language)}</h3>
          <TextInput
            label={<Trans>Event name</Trans>}
            path={`contents.${index}.name`}
            problems={props.problems}
            required
            maxLength={200}
            value={content.name}
            onChange={(name) => setContent(index, { name })}
          />
          <TextInput
            label={<Trans>Description</Trans>}
            path={`contents.${index}.description`}
            problems={props.problems}
            multiline
            maxLength={5000}
            value={content.description}
            onChange={(description) => setContent(index, { description })}
          />
          <div className="flex flex-wrap gap-4">
            <Toggle
              label={<Trans>Main language of the event</Trans>}
              path={`contents.${index}.isMain`}
              problems={props.problems}
              checked={content.isMain}
              onChange={(isMain) => isMain && setContent(index, { isMain })}
            />
            <Toggle
              label={<Trans>The organiser’s native language</Trans>}
              path={`contents.${index}.type`}
              problems={props.problems}
              checked={content.native}
              onChange={(native) => setContent(index, { native })}
            />
          </div>
          {props.contents.length > 1 ? (
            <div>
              <SmallButton
                tone="danger"
                onClick={() => props.setDraft((d) => ({ ...d, contents: removedAt(d.contents, index) }))}
              >
                <Trans>Remove this language</Trans>
              </SmallButton>
            </div>
          ) : null}
        </div>
      ))}
      {unusedLanguages.length > 0 ? (
        <SelectInput
          label={<Trans>Add the name in another language</Trans>}
          path="contents.add"
          problems={props.problems}
          value=""
          empty={t`Choose a language`}
          onChange={(language) =>
            language &&
            props.setDraft((d) => ({
              ...d,
              contents: [
                ...d.contents,
                { language, name: '', description: '', isMain: false, native: false },
              ],
            }))
          }
          options={unusedLanguages.map((code) => ({ value: code, label: props.languageName(code) }))}
        />
      ) : null}
    </>
  )
}
