const links = [
  { href: '/about', label: 'Σχετικά' },
  { href: '/events', label: 'Εκδηλώσεις' },
  { href: '/contact', label: 'Επικοινωνία' },
];

export function PublicShell() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Κοινότητα</h1>
      <p>Καλώς ήρθατε στον ιστότοπο της κοινότητάς μας.</p>
      <nav aria-label="Κύρια πλοήγηση">
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
