/**
 * An address that, when a narrow column wraps it, breaks after its `@` or before a dot of the
 * part before it, rather than between two letters of a word; the domain stays whole but at a
 * hyphen ("example.org" read as "example" and ".org" would mislead).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const pieces = [...email.slice(0, at + 1).split(/(?=\.)/), email.slice(at + 1)].filter(Boolean);
  return (
    <>
      {pieces.map((piece, index) => (
        <span key={index}>
          {index > 0 && <wbr />}
          {piece}
        </span>
      ))}
    </>
  );
}

/** A mail link to an address, wrapped as `EmailText` wraps it. */
export function EmailLink({ email, className = '' }: { email: string; className?: string }) {
  return (
    <a href={`mailto:${email}`} className={`text-brand-700 underline ${className}`}>
      <EmailText email={email} />
    </a>
  );
}
