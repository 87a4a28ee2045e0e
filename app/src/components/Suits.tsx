/** The four suits in a four-colour deck; decorative unless given a label. */
export function SuitRow({ className = '' }: { className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex gap-0.5 font-bold ${className}`}>
      <span className="text-spade">♠</span>
      <span className="text-heart">♥</span>
      <span className="text-diamond">♦</span>
      <span className="text-club">♣</span>
    </span>
  )
}

export function Logo() {
  return (
    <span className="inline-flex max-w-full items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800">
      <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-brand-700 text-lg text-white">
        ♠
      </span>
      <span className="min-w-0 truncate">Kibitz</span>
    </span>
  )
}
