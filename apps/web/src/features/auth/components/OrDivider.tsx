export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-stone-400" role="separator">
      <span className="h-px flex-1 bg-stone-200" />
      or
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}
