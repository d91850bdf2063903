export function AdminShell() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Admin</h1>
      <p>
        <a href="/admin/login">Sign in</a>
      </p>
    </main>
  );
}
