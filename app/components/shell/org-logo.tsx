/** The organization's sidebar logo, or its initials on the accent colour when it has none; `alt` names it either way. */
export function OrgLogo({ name, alt, url }: { name: string; alt: string; url: string | null }) {
  if (url) return <img className="rc-logo" src={url} alt={alt} width={40} height={40} />;
  return (
    <span className="rc-logo rc-logo-fallback" role="img" aria-label={alt}>
      {initialsOf(name)}
    </span>
  );
}

/** Up to two initials: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase());
  return letters.join("") || "?";
}
