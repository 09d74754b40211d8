/**
 * The page's layout and keyboard behaviour (issue 15, defects 13–15), on a 375 px phone and a
 * desktop: every Home section on one column (one left edge, one width), the hero's lead without a
 * lone last word, links in the brand colour, a phone layout that reaches Latest Gigs within a few
 * screens, the connection line quiet when all is well, About/Contact by keyboard focusing their
 * heading, and the skip link leaving the address alone.
 */
import { expect, latestGigs, test } from './support';

const BRAND = 'rgb(11, 107, 70)';

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`one column for every Home section (${viewport.name})`, async ({ app, page }) => {
    await page.setViewportSize(viewport);
    await app.goto('#home');
    await app.waitForSlots();
    await expect(latestGigs(page).region).toBeVisible({ timeout: 20_000 });
    const boxes = await page.evaluate(() => {
      const pick = (el: Element | null | undefined) => {
        const r = el?.getBoundingClientRect();
        return r ? { left: Math.round(r.left), width: Math.round(r.width) } : null;
      };
      const heading = (name: string) => [...document.querySelectorAll('h2')].find((h) => h.textContent?.trim() === name)?.closest('section');
      return {
        banner: pick(document.querySelector('[data-testid="connection-banner"]')),
        hero: pick(document.querySelector('#need40-hero-title')?.closest('section')),
        campaign: pick(document.querySelector('section#need40')),
        gigs: pick(heading('Latest Gigs')),
        postGig: pick(heading('Post Your Gig')),
        nav: pick(document.querySelector('nav[aria-label="Main"] a')),
      };
    });
    const { nav, ...sections } = boxes;
    for (const [name, box] of Object.entries(sections)) {
      expect(box, `${name} is on the page`).not.toBeNull();
      expect(box!.left, `${name}'s left edge`).toBe(sections.hero!.left);
      expect(box!.width, `${name}'s width`).toBe(sections.hero!.width);
    }
    expect(nav!.left, 'the logo shares the left edge').toBe(sections.hero!.left);

    // The hero's lead never leaves one word alone on its last line.
    const lead = page.locator('#home section p').first();
    expect(await lead.evaluate((p) => getComputedStyle(p).textWrapStyle || getComputedStyle(p).getPropertyValue('text-wrap'))).toMatch(/pretty|balance/);

    if (viewport.name === 'phone') {
      // The three hero figures share one row, and Latest Gigs starts within a few screens (three
      // and a half since the campaign shows its week from the books beside its goal).
      const hero = page.locator('#home').getByRole('region', { name: 'Fair pay for every gig' });
      const stats = await hero.locator('dd').evaluateAll((dds) => dds.map((d) => Math.round(d.getBoundingClientRect().top)));
      expect(new Set(stats).size, 'the hero figures on one row').toBe(1);
      const gigsTop = await latestGigs(page).region.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(gigsTop, 'Latest Gigs within three and a half phone screens').toBeLessThan(viewport.height * 3.5);
    }
  });
}

// One page load for three checks of Home as a visitor finds it.
test('Home as it loads: the connection line is quiet, the served HTML already holds the hero word for word; About and Contact by keyboard move focus to their heading; links are in the brand colour', async ({ app, page }) => {
  const html = await (await page.request.get(app.state.shellUrl + '/')).text();
  await app.goto('#home');

  // The connection line is quiet when all is well.
  const line = page.getByTestId('connection-banner');
  await expect(line).toHaveText('Connection successful! Database is ready.');
  await expect(line).toHaveAttribute('role', 'status');
  expect(await line.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  // Nothing alarming is shown: live regions (role=alert) are on the page but empty until needed.
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);

  // The HTML the shell serves already holds the hero, word for word as the page renders it.
  const hero = page.locator('#home').getByRole('region', { name: 'Fair pay for every gig' });
  await expect(hero).toBeVisible();
  const texts = [await hero.getByRole('heading').innerText(), await hero.locator('p').innerText(), ...(await hero.locator('dt, dd').allInnerTexts())];
  // innerText applies text-transform (the labels are upper-case on screen): compare case-blind.
  for (const text of texts) expect(html.toLowerCase(), `index.html has "${text}"`).toContain(text.trim().toLowerCase());

  // About and Contact by keyboard move focus to their heading; links are in the brand colour.
  await app.navbar.getByRole('link', { name: 'About', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'About Need40' })).toBeFocused();
  await app.navbar.getByRole('link', { name: 'Contact', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeFocused();
  const mail = page.getByRole('link', { name: 'hello@need40.org' });
  expect(await mail.evaluate((a) => getComputedStyle(a).color)).toBe(BRAND);
  // The remotes' link-styled buttons too (the campaign's jumps, from @need40/ui).
  await app.navbar.getByRole('link', { name: 'Home', exact: true }).click();
  const jump = app.slot('campaign').getByRole('button', { name: 'Earn $570 Now' });
  expect(await jump.evaluate((b) => getComputedStyle(b).color)).toBe(BRAND);
});

test("the skip link focuses the view's main content and leaves the address alone", async ({ app, page }) => {
  await app.goto('#contact');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#contact').getByRole('heading', { level: 1 })).toBeFocused();
  expect(new URL(page.url()).hash).toBe('#contact');

  // Home: past the hero and the campaign's payment buttons, onto Latest Gigs.
  // A view change moves focus to the new view, so the next Tab would not be the page's first: a
  // fresh load of Home starts from the top as a keyboard user arriving does.
  await page.goto('about:blank');
  await app.goto('#home');
  await app.waitForSlots();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Latest Gigs' })).toBeFocused();
});
