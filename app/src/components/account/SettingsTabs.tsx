import { Tabs } from 'radix-ui'
import type { ReactNode } from 'react'

/**
 * Tabs that degrade: with JavaScript only the chosen panel shows; without it every panel is rendered one
 * under another, so every form stays reachable.
 */
export function SettingsTabs(props: {
  value: string
  onValueChange: (value: string) => void
  tabs: ReadonlyArray<{ value: string; label: ReactNode; content: ReactNode }>
  label: string
}) {
  return (
    <Tabs.Root value={props.value} onValueChange={props.onValueChange} className="flex flex-col gap-6">
      <Tabs.List aria-label={props.label} className="flex gap-1 border-b border-line">
        {props.tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-muted data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {props.tabs.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          forceMount
          className="flex flex-col gap-6 [.js_&]:data-[state=inactive]:hidden"
        >
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}

/** One change form of the settings screens (spec change kinds 1–14): posts its kind with its fields. */
export function ChangeForm(props: {
  action: string
  kind: number
  title: ReactNode
  children: ReactNode
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void
  /** Takes an error away once its field is valid (useValidatedForm). */
  onChange?: (event: React.FormEvent<HTMLFormElement>) => void
  submit: ReactNode
}) {
  return (
    <form
      method="post"
      action={props.action}
      noValidate
      onSubmit={props.onSubmit}
      onChange={props.onChange}
      className="flex flex-col gap-4 rounded-card border border-line p-4"
    >
      <h2 className="text-lg font-bold">{props.title}</h2>
      <input type="hidden" name="kind" value={props.kind} />
      {props.children}
      <div>
        <button
          type="submit"
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {props.submit}
        </button>
      </div>
    </form>
  )
}
