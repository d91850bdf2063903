import { ADMIN, callApi, createMember, expect, giveSeededRole, test, tokenOf } from '../fixtures';
import { expectAccessible, shoot } from '../admin/session';

const PAGES = [
  { path: '/', heading: 'Κοινότητα', shot: 'public-home' },
  { path: '/about', heading: 'Σχετικά με εμάς', shot: 'public-about' },
  { path: '/events', heading: 'Εκδηλώσεις', shot: 'public-events' },
  { path: '/contact', heading: 'Επικοινωνία', shot: 'public-contact' },
  { path: '/participate', heading: 'Συμμετοχή', shot: 'public-participate' },
  { path: '/privacy', heading: 'Πολιτική απορρήτου', shot: 'public-privacy' },
];

test.describe('[PUBLIC]', () => {
  for (const { path, heading, shot } of PAGES) {
    test(`${path} shows its page in Greek, accessible`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'el');
      await expect(page.getByText('Έκδοση 5.925')).toBeVisible();
      await expectAccessible(page);
      await shoot(page, shot);
    });
  }

  test('every other public path shows About; the navigation moves between pages', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Σχετικά με εμάς' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Κύρια πλοήγηση' });
    await nav.getByRole('link', { name: 'Εκδηλώσεις' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Εκδηλώσεις' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Εκδηλώσεις' })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Σχετικά με εμάς' })).toBeVisible();
    await page.getByRole('link', { name: 'Απόρρητο' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Πολιτική απορρήτου' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Τα δικαιώματά σας' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Το όραμά μας' })).toHaveAttribute('href', '/vision.html');
  });

  test('a page that sends the reader to another page links to it', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('main').getByRole('link', { name: 'Επικοινωνία' })).toHaveCount(2);
    await page.goto('/participate');
    await page.getByRole('main').getByRole('link', { name: 'Επικοινωνία' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Επικοινωνία' })).toBeVisible();
  });

  test('on a phone the header keeps the sign-in beside the name, the navigation on the line below', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/about');
    const header = page.getByRole('banner');
    const signIn = await header.getByRole('link', { name: 'Σύνδεση', exact: true }).boundingBox();
    const name = await header.getByRole('link', { name: 'Κοινότητα' }).boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Κύρια πλοήγηση' }).boundingBox();
    // One line for the name and the sign-in (their middles level), the three entries on one below.
    expect(Math.abs(signIn!.y + signIn!.height / 2 - (name!.y + name!.height / 2))).toBeLessThan(4);
    expect(nav!.y).toBeGreaterThanOrEqual(signIn!.y + signIn!.height);
    expect(nav!.height).toBeLessThan(50);
  });

  test('About: social links, the calendar in agenda mode 600 px high, and the Official Feed newest first', async ({
    page,
  }) => {
    await page.goto('/about');
    for (const name of ['Facebook', 'Instagram', 'YouTube']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
    }
    const calendar = page.locator('iframe[title="Πρόγραμμα εκδηλώσεων"]');
    await expect(calendar).toHaveAttribute('src', /^https:\/\/calendar\.google\.com\/calendar\/embed\?.*mode=AGENDA/);
    expect((await calendar.boundingBox())!.height).toBe(600);

    const feed = page.getByRole('region', { name: 'Official Feed' });
    const posts = feed.getByRole('listitem');
    await expect(posts).toHaveCount(3);
    await expect(posts.nth(0)).toContainText('<script>alert("x")</script> Συνέλευση μελών την Πέμπτη.');
    await expect(posts.nth(2).getByRole('link')).toHaveAttribute('href', 'https://t.me/community_test/101');
    await expect(posts.nth(2)).toContainText('Γιορτή της γειτονιάς το Σάββατο!');
    await expect(posts.nth(2).getByRole('img', { name: /Σύλλογος Κοινότητας/ })).toHaveAttribute(
      'src',
      'https://cdn4.telesco.pe/file/photo-101a.jpg',
    );
    // A photo-only post still links to the message.
    await expect(posts.nth(1).getByRole('link', { name: 'Δείτε την ανάρτηση' })).toBeVisible();
  });

  test('the feed says when it is loading and when it is empty', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/telegram-data', async (route) => {
      await held;
      await route.fulfill({ contentType: 'application/json', body: '[]' });
    });
    await page.goto('/about');
    await expect(page.getByText('Loading Telegram posts...')).toBeVisible();
    release();
    await expect(page.getByText('Δεν υπάρχουν ακόμη αναρτήσεις. Ξαναδείτε σύντομα.')).toBeVisible();
  });

  test('the contact form sends, keeps nothing typed after success, and the admins hear of it', async ({
    page,
    app,
  }) => {
    // The form appears ten seconds before it is sent, as a person's would (a bot posts within 3 s).
    await page.clock.install({ time: Date.now() - 10_000 });
    await page.goto('/contact');
    // The note on what is kept leads to the whole policy.
    await expect(page.getByRole('link', { name: 'Δείτε την πολιτική απορρήτου.' })).toHaveAttribute('href', '/privacy');
    // Left blank or mistyped, each field says what it needs, in the site's words, at the field.
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(page.getByLabel('Ονοματεπώνυμο')).toBeFocused();
    await expect(page.getByLabel('Ονοματεπώνυμο')).toHaveAccessibleDescription('Γράψτε το ονοματεπώνυμό σας.');
    await expect(page.getByText('Γράψτε το μήνυμά σας.')).toBeVisible();
    await page.getByLabel('Ονοματεπώνυμο').fill('Κώστας Επισκέπτης');
    await page.getByLabel('Email').fill('kostas@e2e');
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Γράψτε μια διεύθυνση email όπως το onoma@example.com.',
    );
    await expect(page.getByText('Γράψτε το ονοματεπώνυμό σας.')).toBeHidden();
    await page.getByLabel('Email').fill('kostas@e2e.test');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('');
    // A text past the limit is kept whole, counted, and refused at the field, not cut unseen.
    const long = 'α'.repeat(5001);
    await page.getByLabel('Μήνυμα').fill(long);
    await expect(page.getByLabel('Μήνυμα')).toHaveValue(long);
    await expect(page.getByLabel('Μήνυμα')).toHaveAccessibleDescription(/^5\.001 από 5\.000 χαρακτήρες/);
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(page.getByLabel('Μήνυμα')).toBeFocused();
    await expect(page.getByLabel('Μήνυμα')).toHaveAccessibleDescription(
      '5.001 από 5.000 χαρακτήρες Το μήνυμα έχει 5.001 χαρακτήρες· χωρούν έως 5.000. Συντομεύστε το.',
    );
    await expectAccessible(page);
    await page.getByLabel('Μήνυμα').press('End');
    await page.getByLabel('Μήνυμα').press('Backspace');
    // Once told, the problem follows the text: gone as soon as it fits.
    await expect(page.getByLabel('Μήνυμα')).toHaveAccessibleDescription('5.000 από 5.000 χαρακτήρες');
    const message = `Θέλω να βοηθήσω στις εκδηλώσεις ${Date.now()}`;
    await page.getByLabel('Μήνυμα').fill(message);
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(page.getByText('Ευχαριστούμε! Το μήνυμά σας στάλθηκε και θα σας απαντήσουμε σύντομα.')).toBeVisible();
    // Sent, the focus is on the sentence that says so rather than back at the top of the page.
    await expect(page.getByRole('status').filter({ hasText: 'Ευχαριστούμε!' })).toBeFocused();
    await expect(page.getByLabel('Μήνυμα')).toHaveValue('');
    // The next message begun, the last one's sentence goes.
    await page.getByLabel('Μήνυμα').fill('Κ');
    await expect(page.getByText('Ευχαριστούμε! Το μήνυμά σας στάλθηκε')).toBeHidden();
    await page.getByLabel('Μήνυμα').fill('');
    // Sent empty, the form says what is missing.
    await page.getByRole('button', { name: 'Αποστολή' }).click();
    await expect(page.getByText('Γράψτε το μήνυμά σας.')).toBeVisible();

    const token = await tokenOf(app.baseURL, ADMIN.email, ADMIN.password);
    const { data } = await callApi<{ data: { body: string | null }[] }>(
      app.baseURL,
      token,
      'GET',
      '/api/auth/notifications?limit=50',
    );
    expect(data.some((n) => n.body?.includes(message))).toBe(true);
  });

  test('the User Profile tile shows only when the menu holds the profile path', async ({ page, app }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Κοινότητα' })).toBeVisible();
    await expect(page.getByRole('link', { name: /User Profile/ })).toBeHidden();

    const email = `tile-${Date.now()}@e2e.test`;
    const member = await createMember(app.baseURL, { email });
    // The User role's menu includes Edit Profile.
    await giveSeededRole(app.baseURL, member._id, 'user');

    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('member-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await page.goto('/');
    const tile = page.getByRole('link', { name: /User Profile/ });
    await expect(tile).toHaveAttribute('href', '/admin/account/profile');
  });

  test('25 falling meteors, and none when motion is reduced', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('meteors').locator('.meteor')).toHaveCount(25);
    await expect(page.getByTestId('meteors').locator('.meteor').first()).toBeVisible();
    // Each meteor is drawn by the stylesheet: an icon's outline as its mask, a size, a place and
    // a fall of its own; the page's HTML carries only the empty tags.
    const looks = await page
      .getByTestId('meteors')
      .locator('.meteor')
      .evaluateAll((meteors) =>
        meteors.map((meteor) => {
          const style = getComputedStyle(meteor);
          return {
            mask: style.maskImage,
            width: meteor.getBoundingClientRect().width,
            left: style.left,
            fall: `${style.animationName} ${style.animationDuration} ${style.animationDelay}`,
            empty: meteor.childNodes.length === 0,
          };
        }),
      );
    expect(looks).toHaveLength(25);
    for (const look of looks) {
      expect(look.mask).toMatch(/^url\("data:image\/svg\+xml,%3Csvg/);
      expect(look.width).toBeGreaterThanOrEqual(12);
      expect(look.fall).toMatch(/^meteor-fall \d+s [\d.]+s$/);
      expect(look.empty).toBe(true);
    }
    expect(new Set(looks.map((look) => look.mask)).size).toBe(5);
    expect(new Set(looks.map((look) => look.left)).size).toBe(25);
    await shoot(page, 'meteors');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByTestId('meteors').locator('.meteor').first()).toBeHidden();
  });
});
