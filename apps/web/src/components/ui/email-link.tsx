/**
 * A mail link whose address, when a narrow column wraps it, breaks after its `@` rather than
 * between two letters of its domain.
 */
export function EmailLink({ email, className = '' }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <a href={`mailto:${email}`} className={`text-brand-700 underline ${className}`}>
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </a>
  );
}
