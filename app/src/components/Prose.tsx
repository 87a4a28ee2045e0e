/** A readable column for text pages. */
export function Prose({ children }: { children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl rounded-card bg-surface p-8 leading-relaxed shadow-card [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-extrabold [&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_p]:mb-3">
      {children}
    </article>
  )
}
