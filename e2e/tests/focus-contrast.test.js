// The keyboard focus indicator of each kind of control, in both themes (spec §2 On a phone and by keyboard,
// WCAG 2.4.13): the pixels that change when the control takes focus must differ from what they were by at
// least 3:1 over an area at least that of a 2 px perimeter of the control. Measured from two screenshots of
// the control and its surroundings, unfocused and focused.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  adminToken,
  createUser,
  heading,
  launch,
  sidebar,
  signedInPage,
  unique,
} from './helpers.js';

let browser;
let admin;

before(async () => {
  browser = await launch();
  await adminToken();
  admin = await createUser('admin', unique('Focus Admin'));
});

after(async () => {
  await browser?.close();
});

const MARGIN = 6;

/**
 * The contrast ratio reached by the `area` most changed pixels of two same-sized PNG screenshots: the
 * pixel-wise ratio of relative luminances (WCAG), sorted from the largest, read at the area's size.
 */
async function focusContrast(page, before, after, area) {
  return page.evaluate(
    async ({ a, b, area }) => {
      const pixels = async (base64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const channel = (v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (d, i) =>
        0.2126 * channel(d[i]) + 0.7152 * channel(d[i + 1]) + 0.0722 * channel(d[i + 2]);
      const [x, y] = [await pixels(a), await pixels(b)];
      const ratios = [];
      for (let i = 0; i < x.length; i += 4) {
        const [l1, l2] = [luminance(x, i), luminance(y, i)];
        ratios.push((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05));
      }
      ratios.sort((p, q) => q - p);
      return ratios[Math.min(area, ratios.length) - 1];
    },
    { a: before.toString('base64'), b: after.toString('base64'), area },
  );
}

/** Focuses the control as the keyboard would and measures its indicator. */
async function measure(page, locator, what, visible = locator) {
  await locator.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.activeElement?.blur());
  // The box of the control as seen (a switch's input is an invisible box three times its width).
  const box = await visible.boundingBox();
  assert.ok(box, `${what} is not on screen`);
  const clip = {
    x: Math.max(0, box.x - MARGIN),
    y: Math.max(0, box.y - MARGIN),
    width: box.width + 2 * MARGIN,
    height: box.height + 2 * MARGIN,
  };
  const unfocused = await page.screenshot({ clip, animations: 'disabled' });
  // A key press first: Chromium then shows focus-visible for the programmatic focus that follows.
  await page.keyboard.press('Shift');
  await locator.focus();
  await page.waitForTimeout(150);
  const focused = await page.screenshot({ clip, animations: 'disabled' });
  await page.evaluate(() => document.activeElement?.blur());
  const perimeterArea = Math.round(2 * 2 * (box.width + box.height));
  return focusContrast(page, unfocused, focused, perimeterArea);
}

for (const theme of ['light', 'dark']) {
  test(`the focus indicator of every kind of control contrasts 3:1 in the ${theme} theme`, async () => {
    const { context, page } = await signedInPage(browser, admin, {
      colorScheme: theme,
    });
    const results = {};
    const check = async (what, locator, visible) => {
      results[what] = await measure(page, locator, what, visible);
    };

    await check('card (dashboard figure)', page.getByRole('link', { name: /Pending Actions/ }));
    await check('outlined button', page.getByRole('link', { name: 'View Trustees' }));
    await check(
      'sidebar link',
      sidebar(page).getByRole('link', { name: 'Documents', exact: true }),
    );

    await page.goto('/minutes');
    await heading(page, 'Minutes Archive').waitFor();
    await check('contained button', page.getByRole('button', { name: 'Search', exact: true }));
    await check('field', page.getByRole('searchbox', { name: 'Search minutes' }));

    await page.goto('/documents');
    await heading(page, 'Document Library').waitFor();
    await check('tab', page.getByRole('tab', { name: 'Finance' }));

    await page.goto('/notices');
    await heading(page, 'Board Noticeboard').waitFor();
    const expired = page.getByLabel('Show expired notices');
    await check('switch', expired, page.locator('.MuiSwitch-root', { has: expired }));

    await page.goto('/trustees');
    await heading(page, 'Trustee Directory').waitFor();
    await check('link', page.getByRole('link', { name: admin.email }));

    await page.goto('/minutes');
    await heading(page, 'Minutes Archive').waitFor();
    await page.getByRole('button', { name: 'Upload Minutes' }).click();
    await check('text button', page.getByRole('dialog').getByRole('button', { name: 'Cancel' }));

    const weak = Object.entries(results).filter(([, ratio]) => !(ratio >= 3));
    assert.deepEqual(
      weak,
      [],
      `focus indicators below 3:1 in the ${theme} theme: ${JSON.stringify(results)}`,
    );
    console.log(`focus contrast (${theme}):`, JSON.stringify(results));
    await context.close();
  });
}
